import { useNavigate } from '@tanstack/react-router';
import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { AddToGroupDialog } from './AddToGroupDialog';
import { NewGroupDialog } from './NewGroupDialog';

interface Props {
  character: { id: string; name: string };
  className: string | undefined;
}

/** 'Add to a group' on a character's page: into one of the person's group chats, or a new group with it; opens the group. */
export function AddToGroupButton({ character, className }: Props) {
  const navigate = useNavigate();
  const [step, setStep] = useState<'closed' | 'pick' | 'new'>('closed');
  const close = () => setStep('closed');
  // The first dialog's native close event comes after 'Next' has opened the second: it must not close that one.
  const closePick = () => setStep((now) => (now === 'pick' ? 'closed' : now));
  const open = (chatId: string) => {
    close();
    void navigate({ to: '/recent-chat', search: { chat: chatId } });
  };
  return (
    <>
      <button type="button" className={className} onClick={() => setStep('pick')}>
        <UsersRound size={16} aria-hidden="true" />
        Add to a group
      </button>
      <AddToGroupDialog
        character={step === 'pick' ? character : null}
        onClose={closePick}
        onAdded={open}
        onNewGroup={() => setStep('new')}
      />
      <NewGroupDialog open={step === 'new'} initial={[character.id]} onClose={close} onCreated={(chat) => open(chat.chat_id)} />
    </>
  );
}
