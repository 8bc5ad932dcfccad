/** One command sent to a relay; `joined` on a press that shared another press's pulse (decision 0071). */
export type RelayOperation = { command: string; success: boolean; joined?: boolean };
