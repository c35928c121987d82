/** The live event log: each change of a person's data, in the order of its id. */
/** A change to a person's data, for their devices' live streams (server/events/). */
export interface EventsTable {
  user_id: string;
  id: number;
  kind: string;
  /** JSON. */
  payload: string;
  origin: string | null;
  created_at: string;
}

export interface EventCountersTable {
  user_id: string;
  last_id: number;
}
