import type { ProfileUpdate, UserProfile, UserTypeResponse } from '../../core/contract';
import { apiJson } from './client';

export const getProfile = () => apiJson<UserProfile>('users/profile');

export const updateProfile = (changes: ProfileUpdate) =>
  apiJson<UserProfile>('users/profile', { method: 'put', json: changes });

export const getUserType = () => apiJson<UserTypeResponse>('character-replacement/user-type');
