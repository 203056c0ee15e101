/** Remembers which CAS service ticket opened which session: a replay is refused, single logout finds the session. */
export abstract class CasTickets {
  /** False when the ticket was used before. */
  abstract claim(ticket: string, userId: string): Promise<boolean>;
  abstract attachSession(ticket: string, sessionId: string): Promise<void>;
  /** The session the ticket opened, forgetting the ticket. */
  abstract takeSession(ticket: string): Promise<string | null>;
}
