import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../auth/RequireAuth';
import { CharacterEditor } from '../features/editor/CharacterEditor';

export const Route = createFileRoute('/characters/$fileId/edit')({
  component: function EditCharacter() {
    const { fileId } = Route.useParams();
    return (
      <RequireAuth>
        {/* A key per card: moving from one card's editor to another's starts from that card's draft. */}
        <CharacterEditor key={fileId} target={{ kind: 'edit', fileId }} />
      </RequireAuth>
    );
  },
});
