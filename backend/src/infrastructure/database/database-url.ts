/** Injection token: the PostgreSQL URL in use (the configured one, or the embedded server's). */
export const DATABASE_URL = Symbol('DATABASE_URL');
