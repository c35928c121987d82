import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { UploadPage } from '../features/upload/UploadPage';

export const Route = createFileRoute('/create')({
  component: () => (
    <RequireAuth>
      <UploadPage />
    </RequireAuth>
  ),
});
