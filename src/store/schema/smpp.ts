/** Row types of the SMPP connectors' own records (see schema.ts for the conventions). */

export interface SmppSubmissionsTable {
  connector: string;
  msg_key: string;
  step: number;
  /** The id receipts are matched by: the SMSC's id, or `m:<first part's id>` for a concatenated message. */
  network_id: string;
  created_at: number;
}

export interface SmppPartsTable {
  connector: string;
  /** The SMSC's id of one part (normalised). */
  part_id: string;
  /** The message's network_id (`m:...`). */
  network_id: string;
  /** 1 once this part's receipt said delivered. */
  delivered: number;
  created_at: number;
}

export interface SmppMoPartsTable {
  connector: string;
  source: string;
  destination: string;
  ref: number;
  total: number;
  seq: number;
  content: string;
  created_at: number;
}

export interface SmppTables {
  smpp_submissions: SmppSubmissionsTable;
  smpp_parts: SmppPartsTable;
  smpp_mo_parts: SmppMoPartsTable;
}
