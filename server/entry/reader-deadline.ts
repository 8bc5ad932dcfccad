/** Whether the reader that asked has already given up waiting (its `decideBy` has passed). */
export const readerGaveUp = (decideBy: number | undefined, now: Date) =>
  decideBy !== undefined && now.getTime() > decideBy;
