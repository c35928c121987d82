import { ApiError } from '../../api/errors';

/** The message for a failed delete, by HTTP status (docs/PRODUCT.md, Screens). */
export function deleteErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetwork) return 'Network error occurred while deleting image';
  switch (error.status) {
    case 400:
      return 'Invalid user information';
    case 403:
      return 'Access denied';
    case 404:
      return 'Image not found or no permission to delete';
    case 500:
      return 'Server error occurred';
    default:
      return 'Failed to delete image';
  }
}
