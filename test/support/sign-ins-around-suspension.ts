/** An answer with a status and a JSON body: an inject reply or a fetch read by the caller. */
interface Answer {
  statusCode: number;
  json(): { token?: string };
}

/**
 * Keeps `inFlight` sign-ins of one person going, starting the suspension once the first of them
 * has answered and starting new sign-ins until the suspension has answered, so that sign-ins are
 * at every step (password checked, pause read, session written) while it runs. Answers every
 * token a sign-in got, and the suspension's answer.
 */
export async function signInsAroundSuspension<A extends Answer>(
  signIn: (n: number) => Promise<A>,
  suspend: () => Promise<A>,
  inFlight = 6,
): Promise<{ tokens: string[]; suspension: A }> {
  const tokens: string[] = [];
  let started = 0;
  let suspension: A | undefined;
  let firstAnswer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    firstAnswer = resolve;
  });
  const stream = async () => {
    while (suspension === undefined) {
      const answer = await signIn(started++);
      const token = answer.statusCode === 200 ? answer.json().token : undefined;
      if (token) tokens.push(token);
      firstAnswer();
    }
  };
  const streams = Array.from({ length: inFlight }, stream);
  await answered;
  suspension = await suspend();
  await Promise.all(streams);
  return { tokens, suspension };
}
