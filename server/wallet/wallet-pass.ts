/**
 * A pass as both wallets show it, whatever it grants (a visitor's pass or a delivery pass). Built
 * at each request from the pass's row; nothing of it is stored.
 */
export interface WalletPass {
  /**
   * The pass's name in the wallets, the same across edits so an update replaces it: its kind and
   * its row's id, never the link or gate token (decision 0086).
   */
  serial: string;
  /** Exactly what the gate reader reads (the gate token); null once the pass no longer opens the gate. */
  code: string | null;
  /** "Visitor pass" or "Delivery pass". */
  title: string;
  /** Who it is for: the visitor's names, or the courier and company. */
  holder: string;
  property: { propertyName: string; propertyLocation: string; timeZone: string };
  /** When it opens the gate, in words in the property's zone. */
  window: string;
  startsAt: Date;
  /** Null: a permanent pass. */
  endsAt: Date | null;
}
