/** What an upstream connector counted since its start (logs and tests read them). */
export interface UpstreamCounters {
  requests: number;
  accepted: number;
  refused: number;
  retried: number;
  repeated: number;
  reports: number;
  mo: number;
}
