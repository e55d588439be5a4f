/** Row types of informational templates and their reviews (see schema.ts for the conventions). */
// biome-ignore lint/suspicious/noEmptyInterface: the tables are added by the work that owns them
export interface InfomsgTables {}
