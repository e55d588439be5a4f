/** Row types of the RCS center (brand details, message-base images) (see schema.ts for the conventions). */
// biome-ignore lint/suspicious/noEmptyInterface: the tables are added by the work that owns them
export interface RcsCenterTables {}
