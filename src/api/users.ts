import type { ProfileUpdate } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';

export const getProfile = () => api(routes.getProfile, {});

export const updateProfile = (changes: ProfileUpdate) => api(routes.updateProfile, { body: changes });

/** What the user keeps stored on the server, against their plan's quota. */
export const getStorageUsage = () => api(routes.storageUsage, {});

export const getUserType = () => api(routes.userType, {});
