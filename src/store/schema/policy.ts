/** Row types of the anti-spam and opt-out policy (see schema.ts for the conventions). */

export interface PolicyRulesTable {
  id: string;
  /** null: a global rule (every account). */
  account_id: string | null;
  /** text (A322), sender (A323), recipient (A324). */
  kind: string;
  /** contains (text), exact or prefix (numbers). */
  match: string;
  pattern: string;
  note: string | null;
  created_at: number;
}

export interface OptOutsTable {
  account_id: string;
  /** The recipient's number as it is dialled (classifyNumber's form). */
  phone: string;
  /** The account's sender number it opted out of; '' for every number of the account. */
  sender: string;
  /** mo (the recipient's own message), client (the account's API), operator (admin API, CLI). */
  source: string;
  created_at: number;
}

export interface PolicyTables {
  policy_rules: PolicyRulesTable;
  opt_outs: OptOutsTable;
}
