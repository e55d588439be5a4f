/** Row types of brand message templates (see schema.ts for the conventions). */
// biome-ignore lint/suspicious/noEmptyInterface: the tables are added by the work that owns them
export interface BrandTemplateTables {}
