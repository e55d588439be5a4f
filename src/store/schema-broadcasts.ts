/** Row types of brand message broadcasts (see schema.ts for the conventions). */
// biome-ignore lint/suspicious/noEmptyInterface: the tables are added by the work that owns them
export interface BroadcastTables {}
