/** The PostgreSQL server the integration suites may use (set by the README's test command). */
export const testDatabaseUrl: string | null = process.env.TEST_DATABASE_URL || null;
