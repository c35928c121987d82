import { createFileRoute } from '@tanstack/react-router';
import { CharacterEditor } from '../../features/editor/CharacterEditor';

export const Route = createFileRoute('/_signedIn/characters/$fileId/edit')({
  component: function EditCharacter() {
    const { fileId } = Route.useParams();
    // A key per card: moving from one card's editor to another's starts from that card's draft.
    return <CharacterEditor key={fileId} target={{ kind: 'edit', fileId }} />;
  },
});
