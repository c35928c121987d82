import type { ProfileUpdate, StorageUsage, UserProfile, UserTypeResponse } from '@core/contract';
import { apiJson } from './client';

export const getProfile = () => apiJson<UserProfile>('users/profile');

export const updateProfile = (changes: ProfileUpdate) => apiJson<UserProfile>('users/profile', { method: 'put', json: changes });

/** What the user keeps stored on the server, against their plan's quota. */
export const getStorageUsage = () => apiJson<StorageUsage>('users/storage');

export const getUserType = () => apiJson<UserTypeResponse>('character-replacement/user-type');
