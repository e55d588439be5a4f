/** Row types of secrets at rest (see schema.ts for the conventions; docs/security.md). */
export interface SecretTables {
  secret_keys: SecretKeysTable;
  request_secrets: RequestSecretsTable;
}

/**
 * The keyring: data keys, each sealed ("wrapped") under a master key that only the processes
 * hold (OMNIGATE_SECRET_KEY or the data directory's key file). Secrets in other tables are sealed
 * under a data key and name it; a rotation makes a new key, reseals them and deletes the old one.
 */
export interface SecretKeysTable {
  /** `dk...`, time-ordered: the newest key not retired seals new secrets. */
  id: string;
  /** The 32-byte key sealed under a master key (src/crypto/secret-box.ts format, naming that master). */
  wrapped: string;
  created_at: number;
  /** Set by a rotation: nothing new is sealed under it; deleted once no row needs it. */
  retired_at: number | null;
}

/**
 * What a send request must not store readable (a 2FA code): its messageFlow as sent, sealed. The
 * request's own `flow` holds the same steps with the secret masked, for every view and report.
 */
export interface RequestSecretsTable {
  request_id: string;
  /** The data key `sealed` is under. */
  key_id: string;
  sealed: string;
  /** No use after this (the code expired): the sweep deletes it, and the engine no longer sends it. */
  erase_at: number;
  created_at: number;
}
