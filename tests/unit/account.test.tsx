import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { EntryNames } from '../../server/services/chats/archive/archiveNames';
import { exportReadme } from '../../server/services/account/exportReadme';
import { DeleteAccountDialog } from '../../src/features/profile/DeleteAccountDialog';
import { progressLine } from '../../src/features/profile/ExportSection';
import { signedOutLine } from '../../src/features/profile/PasswordSection';
import { installDialogStandIn } from './dialogStandIn';

beforeAll(installDialogStandIn);
afterEach(cleanup);

describe('account settings from the environment', () => {
  const base = { PUBLIC_URL: 'https://cards.example.com' };

  it('reads SMTP_URL and a sender named after PUBLIC_URL, and refuses what is not an SMTP URL', () => {
    expect(loadConfig(base).mail).toBeUndefined();
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      from: 'cardchat <no-reply@cards.example.com>',
    });
    expect(() => loadConfig({ ...base, SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  it('takes REQUIRE_EMAIL_VERIFICATION only with mail and the embedded sign-in', () => {
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525', REQUIRE_EMAIL_VERIFICATION: 'true' }).requireEmailVerification).toBe(
      true,
    );
    expect(() => loadConfig({ ...base, REQUIRE_EMAIL_VERIFICATION: 'true' })).toThrow(/needs SMTP_URL/);
    expect(() =>
      loadConfig({ ...base, SMTP_URL: 'smtp://x', REQUIRE_EMAIL_VERIFICATION: 'true', OIDC_ISSUER: 'https://id.example.com' }),
    ).toThrow(/embedded sign-in only/);
    expect(() => loadConfig({ ...base, REQUIRE_EMAIL_VERIFICATION: 'yes' })).toThrow(/must be true or false/);
  });
});

describe('names of the export’s files', () => {
  it('numbers repeats case-insensitively, and a name already taken by a number is skipped', () => {
    const names = new EntryNames();
    expect(['Aqua.png', 'aqua.png', 'Aqua (2).png', 'Aqua.png'].map((name) => names.unique(name))).toEqual([
      'Aqua.png',
      'aqua (2).png',
      'Aqua (2) (2).png',
      'Aqua (3).png',
    ]);
  });

  it('stays quick for ten thousand chats with one character', () => {
    const names = new EntryNames();
    for (let i = 0; i < 10_000; i++) names.unique('Aqua.jsonl');
    expect(names.unique('Aqua.jsonl')).toBe('Aqua (10001).jsonl');
  });

  it('says what each part of the archive is, with its count', () => {
    const readme = exportReadme('2026-11-25 20:00', { cards: 1, chats: 12, favorites: 3, presets: 2 });
    expect(readme).toContain('cards/ (1 file)');
    expect(readme).toContain('chats/ (12 files)');
    expect(readme).toContain('favorites (3)');
    expect(readme).toContain('presets/ (2 files)');
  });
});

describe('Profile’s account texts', () => {
  it('says how far the export got: the server writing its files, then the .zip coming in', () => {
    expect(progressLine({ phase: 'preparing', done: 0, total: 0 })).toBe('Preparing your export...');
    expect(progressLine({ phase: 'preparing', done: 40, total: 120 })).toBe('Preparing: 40 of 120 files');
    expect(progressLine({ phase: 'downloading', received: 1_500_000, total: 4_000_000 })).toMatch(/^1\.\d MB of [34]\.\d MB$/);
  });

  it('says how many other devices a password change signed out', () => {
    expect(signedOutLine(0)).toBe('Your password has been changed.');
    expect(signedOutLine(1)).toBe('Your password has been changed. 1 other device was signed out.');
    expect(signedOutLine(3)).toBe('Your password has been changed. 3 other devices were signed out.');
  });
});

describe('the delete-account dialog', () => {
  const renderDialog = (email: string | null) => {
    const onConfirm = vi.fn();
    render(
      <DeleteAccountDialog
        open
        email={email}
        external={null}
        deleting={false}
        error={null}
        onConfirm={onConfirm}
        onCancel={() => undefined}
      />,
    );
    return { onConfirm, button: screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement };
  };

  it('enables deletion only once the account’s e-mail is typed (any case), and Enter never deletes', () => {
    const { onConfirm, button } = renderDialog('mira@example.com');
    const field = screen.getByLabelText(/Type your e-mail address/);
    expect(button.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'mira@example.co' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' MIRA@example.com ' } });
    expect(button.disabled).toBe(false);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledWith(' MIRA@example.com ');
  });

  it('asks for the word "delete" from an account without an e-mail', () => {
    const { button } = renderDialog(null);
    fireEvent.change(screen.getByLabelText(/Type delete to confirm/), { target: { value: 'delete' } });
    expect(button.disabled).toBe(false);
  });
});
