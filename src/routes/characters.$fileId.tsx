import { createFileRoute } from '@tanstack/react-router';
import { CharacterPage } from '../features/character/CharacterPage';

/** A character's page: public cards for everyone, a private one for its owner (the API decides). */
export const Route = createFileRoute('/characters/$fileId')({
  component: function Character() {
    const { fileId } = Route.useParams();
    return <CharacterPage key={fileId} fileId={fileId} />;
  },
});
