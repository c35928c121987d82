import { useState } from 'react';
import type { ReplaceResult } from '@core/contract';
import { getUserType } from '../../api/users';
import { useProfile } from '../../auth/useProfile';
import { EditDialog } from './EditDialog';
import { RestrictionDialog } from './RestrictionDialog';
import { OnlineButton } from '../../ui/OnlineButton';

interface Props {
  fileId: string;
  originalName: string;
  onReplaced: (result: ReplaceResult) => void;
  className?: string;
}

type Step = 'idle' | 'checking' | 'restricted' | 'edit';

/**
 * The replace-character flow (spec §4): checks the plan; Free (or a failed check) gets the upgrade
 * prompt, paid plans the edit modal. Used by Collections and Favorites.
 */
export function ChangeCharacterButton({ fileId, originalName, onReplaced, className }: Props) {
  const [step, setStep] = useState<Step>('idle');
  const profile = useProfile();

  const start = async () => {
    setStep('checking');
    try {
      const { user_type } = await getUserType();
      setStep(user_type === 'normal' ? 'restricted' : 'edit');
    } catch (error) {
      console.error('User type check failed', error);
      setStep('restricted');
    }
  };

  return (
    <>
      <OnlineButton
        type="button"
        className={className}
        onClick={() => void start()}
        disabled={step === 'checking'}
        aria-label={`Change Character ${originalName}`}
      >
        Change Character
      </OnlineButton>
      <RestrictionDialog open={step === 'restricted'} onClose={() => setStep('idle')} />
      <EditDialog
        open={step === 'edit'}
        fileId={fileId}
        originalName={originalName}
        creatorName={profile?.name || 'User'}
        onClose={() => setStep('idle')}
        onReplaced={onReplaced}
      />
    </>
  );
}
