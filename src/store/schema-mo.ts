/** Row types of inbound MO messages and their deliveries (see schema.ts for the conventions). */
// biome-ignore lint/suspicious/noEmptyInterface: the tables are added by the work that owns them
export interface MoTables {}
