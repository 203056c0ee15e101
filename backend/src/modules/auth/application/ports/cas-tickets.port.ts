/** Remembers which CAS service ticket opened which session: a replay is refused, single logout finds the session. */
export abstract class CasTickets {
  /** False when the ticket was used before. */
  abstract claim(ticket: string, userId: string): Promise<boolean>;
  abstract attachSession(ticket: string, sessionId: string): Promise<void>;
  /** Ends the session the ticket opened (CAS single logout); false when there was none. */
  abstract endSessionOf(ticket: string): Promise<boolean>;
}
