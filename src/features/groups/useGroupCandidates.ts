import { useLiveQuery } from 'dexie-react-hooks';
import { groupCandidates, type GroupCandidate } from '../../db/groupCandidates';

export type { GroupCandidate };

/** The characters a new group may be made with, as this device knows them (undefined while read). */
export const useGroupCandidates = (): GroupCandidate[] | undefined => useLiveQuery(groupCandidates, []);
