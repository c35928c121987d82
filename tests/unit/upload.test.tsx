import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  encodeBase64,
  encodeTextChunk,
  makePng,
  MESSAGE_BAD_SIGNATURE,
  MESSAGE_INVALID_CARD,
  MESSAGE_NO_CARD,
  MESSAGE_UNSUPPORTED_TYPE,
  MESSAGE_TOO_LARGE,
  writeCard,
  type Card,
} from '@core/card/index';
import type { UserProfile } from '@core/contract';
import { OFFLINE_REASON } from '../../src/lib/useOnline';
import { testCard } from '../support/cards';
import { jsonV2, risuCharx, yamlCard } from '../support/cardFiles';

const uploadCard = vi.fn();
vi.mock('../../src/api/uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/uploads')>()),
  uploadCard: (...args: unknown[]) => uploadCard(...args),
}));
const accessToken = vi.fn<(options?: { forceRefresh?: boolean }) => Promise<string | null>>();
vi.mock('../../src/auth/refresh', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/auth/refresh')>()),
  accessToken: (options?: { forceRefresh?: boolean }) => accessToken(options),
}));
const navigate = vi.fn();
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  useNavigate: () => navigate,
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));

const { sessionStore } = await import('../../src/auth/session');
const { ApiError } = await import('../../src/api/errors');
const { UploadPage } = await import('../../src/features/upload/UploadPage');
const { formatMegabytes, inspectFile } = await import('../../src/features/upload/inspectFile');
const state = await import('../../src/features/upload/uploadState');

afterEach(cleanup);

const profile = (isAdmin = false): UserProfile =>
  ({ email: 'a@example.test', name: 'A', picture: null, is_admin: isAdmin }) as unknown as UserProfile;

beforeEach(() => {
  uploadCard.mockReset();
  sessionStore.set({ status: 'signedIn', profile: profile() });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

/** A PNG carrying only a `chara` chunk with V2 JSON, as older editors write. */
function v2CardPng(name: string): Uint8Array {
  const json = JSON.stringify({
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: { name, description: 'd', personality: '', scenario: '', first_mes: 'Hi' },
  });
  const base64 = new TextDecoder().decode(encodeBase64(new TextEncoder().encode(json)));
  return makePng({ width: 2, height: 3, chunks: [encodeTextChunk('tEXt', 'chara', base64)] });
}

function v3CardPng(name: string): Uint8Array {
  const card: Card = {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name,
      description: '',
      personality: '',
      scenario: '',
      first_mes: '',
      mes_example: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      tags: [],
      creator: '',
      character_version: '',
      extensions: {},
      group_only_greetings: [],
    },
  };
  return writeCard(makePng({ width: 2, height: 2 }), card);
}

const fileOf = (bytes: Uint8Array | string, name = 'card.png', type = 'image/png') => new File([bytes as BlobPart], name, { type });

describe('checking a chosen file', () => {
  it("reads a V2 card's name and its own spec version ('2.0')", async () => {
    const png = v2CardPng('Juniper');
    const inspected = await inspectFile(fileOf(png));
    expect(inspected).toMatchObject({ name: 'Juniper', specVersion: '2.0', format: 'PNG', assets: 0 });
    expect(new Uint8Array(await inspected.picture!.arrayBuffer())).toEqual(png);
  });

  it("reads a card written by the codec as V3 ('3.0')", async () => {
    expect(await inspectFile(fileOf(v3CardPng('Orrin')))).toMatchObject({ name: 'Orrin', specVersion: '3.0' });
  });

  it('reads the other card formats, a .charx with its icon and assets, a .json with no picture', async () => {
    const { bytes, card } = risuCharx(40);
    const charx = await inspectFile(fileOf(bytes, 'risu.charx', ''));
    expect(charx).toMatchObject({ name: card.data.name, format: 'CHARX', assets: 3 });
    expect(charx.picture?.type).toBe('image/png');
    expect(await inspectFile(fileOf(jsonV2(testCard({ name: 'Jay' })), 'jay.json', 'application/json'))).toMatchObject({
      name: 'Jay',
      format: 'JSON',
      picture: null,
    });
    expect(await inspectFile(fileOf(yamlCard('Yo', 'ctx', 'hi'), 'yo.yml', ''))).toMatchObject({ name: 'Yo', format: 'YAML' });
  });

  it('refuses a non-PNG type, an oversized file, a bad header, a PNG without a card and unusable card data', async () => {
    await expect(inspectFile(fileOf('hello', 'a.txt', 'text/plain'))).rejects.toThrow(MESSAGE_UNSUPPORTED_TYPE);
    const big = fileOf('x');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await expect(inspectFile(big)).rejects.toThrow(MESSAGE_TOO_LARGE);
    await expect(inspectFile(fileOf('not a png at all'))).rejects.toThrow(MESSAGE_BAD_SIGNATURE);
    const plain = makePng({ width: 2, height: 2, chunks: [encodeTextChunk('tEXt', 'Comment', 'not a card')] });
    await expect(inspectFile(fileOf(plain))).rejects.toThrow(MESSAGE_NO_CARD);
    const junk = makePng({ width: 2, height: 2, chunks: [encodeTextChunk('tEXt', 'chara', 'bm90IGpzb24=')] });
    await expect(inspectFile(fileOf(junk))).rejects.toThrow(MESSAGE_INVALID_CARD);
  });

  it('shows sizes in MB with 2 decimals', () => {
    expect(formatMegabytes(1024 * 1024 * 1.5)).toBe('1.50 MB');
    expect(formatMegabytes(1234)).toBe('0.00 MB');
  });
});

describe('the upload state machine', () => {
  const on = { signedIn: true, offline: undefined };
  const file = fileOf('x');
  const card = { name: 'N', specVersion: '2.0', format: 'PNG', assets: 0, picture: null };

  it('needs a valid file, both checkboxes and no upload in progress', () => {
    let s = state.initialUploadState;
    expect(state.uploadBlockers(s, on)).toEqual([state.MESSAGE_SELECT_FILE, state.MESSAGE_ACCEPT_PRIVACY, state.MESSAGE_CONFIRM_AGE]);
    s = state.uploadReducer(s, { type: 'choose', file });
    expect(s.file.phase).toBe('validating');
    s = state.uploadReducer(s, { type: 'toggle', field: 'acceptPrivacy', value: true });
    s = state.uploadReducer(s, { type: 'toggle', field: 'confirmAdult', value: true });
    expect(state.uploadBlockers(s, on)).toEqual([]);
    expect(state.canUpload(s, on)).toBe(false); // still validating
    s = state.uploadReducer(s, { type: 'validated', file, card });
    expect(state.canUpload(s, on)).toBe(true);
    expect(state.canUpload(s, { signedIn: false, offline: undefined })).toBe(false);
    expect(state.uploadBlockers(s, { signedIn: false, offline: OFFLINE_REASON })).toEqual([
      state.MESSAGE_NOT_AUTHENTICATED,
      OFFLINE_REASON,
    ]);
    s = state.uploadReducer(s, { type: 'uploading' });
    expect(state.canUpload(s, on)).toBe(false);
    s = state.uploadReducer(s, { type: 'progress', progress: 0.5 });
    expect(s.send).toEqual({ phase: 'uploading', progress: 0.5 });
    const failed = state.uploadReducer(s, { type: 'failed', message: 'Nope' });
    expect(failed.send).toEqual({ phase: 'error', message: 'Nope' });
    expect(state.canUpload(failed, on)).toBe(true);
    const done = state.uploadReducer(s, { type: 'succeeded', message: 'ok', card: {} as never });
    expect(done).toMatchObject({
      file: { phase: 'none' },
      acceptPrivacy: false,
      confirmAdult: false,
      send: { phase: 'success' },
      resets: 1,
    });
    // Just uploaded, the cleared form shows no stale reasons above the success; a new file brings them back.
    expect(state.shownBlockers(done, on)).toEqual([]);
    const next = state.uploadReducer(done, { type: 'choose', file });
    expect(state.shownBlockers(next, on)).toEqual([state.MESSAGE_ACCEPT_PRIVACY, state.MESSAGE_CONFIRM_AGE]);
    expect(state.shownBlockers(state.initialUploadState, on)).toEqual(state.uploadBlockers(state.initialUploadState, on));
  });

  it('drops the result of a file that is no longer chosen, and a refused file blocks the upload', () => {
    const other = fileOf('y');
    let s = state.uploadReducer(state.initialUploadState, { type: 'choose', file });
    s = state.uploadReducer(s, { type: 'choose', file: other });
    s = state.uploadReducer(s, { type: 'validated', file, card });
    expect(s.file.phase).toBe('validating');
    s = state.uploadReducer(s, { type: 'rejected', file: other, error: MESSAGE_NO_CARD });
    s = state.uploadReducer(s, { type: 'toggle', field: 'acceptPrivacy', value: true });
    s = state.uploadReducer(s, { type: 'toggle', field: 'confirmAdult', value: true });
    expect(s.file).toEqual({ phase: 'invalid', file: other, error: MESSAGE_NO_CARD });
    expect(state.canUpload(s, on)).toBe(false);
  });
});

function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  fireEvent.change(input);
}

/** The card of that name chosen and shown, and both boxes ticked: ready to upload. */
async function chooseCardAndAgree(name: string) {
  choose(fileOf(v3CardPng(name)));
  await screen.findByText(name);
  fireEvent.click(screen.getByLabelText('I accept the privacy requirements'));
  fireEvent.click(screen.getByLabelText('I confirm I am 18 or older'));
}

describe('the Upload screen', () => {
  it('shows why the button is disabled, then the card, and uploads with the chosen options', async () => {
    render(<UploadPage />);
    const button = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reasons = screen.getByRole('list', { name: "Why you can't upload yet" });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Please select a file first.', 'Please accept the privacy requirements', 'Please confirm you are 18 or older']);
    expect(screen.queryByLabelText('Publish as public')).toBeNull();
    const accept = (document.querySelector('input[type="file"]') as HTMLInputElement).accept.split(',');
    expect(accept).toEqual(expect.arrayContaining(['.png', '.json', '.charx', '.yaml', '.yml', '.jpg', '.webp', 'image/png']));
    const requirements = within(screen.getByRole('region', { name: 'Requirements' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(requirements).toEqual(
      expect.arrayContaining([expect.stringMatching(/^CHARX/), expect.stringMatching(/^YAML/), expect.stringMatching(/^JSON/)]),
    );

    choose(fileOf(v2CardPng('Juniper'), 'juniper.png'));
    await screen.findByText('Juniper');
    expect(screen.getByText('2.0')).toBeTruthy();
    expect(screen.getByText('juniper.png')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I accept the privacy requirements'));
    fireEvent.click(screen.getByLabelText('I confirm I am 18 or older'));
    expect(screen.queryByRole('list', { name: "Why you can't upload yet" })).toBeNull();
    expect(button.disabled).toBe(false);

    const uploaded = {
      file_id: 'juniper-1',
      is_public: 0,
      filename: 'juniper.png',
      title: 'Juniper',
      display_title: 'Juniper',
      url: '/api/upload/image/user/juniper-1',
      upload_time: '2026-11-21T10:00:00.000Z',
      card_data: { spec_version: '2.0', data: { name: 'Juniper', description: 'd', tags: [] } },
    };
    uploadCard.mockImplementation(async (_file: File, options: { onProgress: (n: number) => void }) => {
      options.onProgress(0.4);
      return { success: true, message: 'ok', data: uploaded };
    });
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText('Image uploaded successfully!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View in My Collections' }).getAttribute('href')).toBe('/collections');
    // 'Start chatting' opens a chat with the new card, marked as the user's own (private).
    fireEvent.click(screen.getByRole('button', { name: 'Start chatting' }));
    expect(navigate).toHaveBeenCalledWith({ to: '/recent-chat' });
    expect(JSON.parse(localStorage.getItem('selectedCharacter')!)).toMatchObject({ id: 'juniper-1', name: 'Juniper', card_type: 'user' });
    expect(localStorage.getItem('isFromCardClick')).toBe('true');
    expect(uploadCard.mock.calls[0]![1]).toMatchObject({ publicRelease: false });
    // The form cleared.
    expect(screen.queryByText('Juniper')).toBeNull();
    expect((screen.getByLabelText('I accept the privacy requirements') as HTMLInputElement).checked).toBe(false);
  });

  it('shows a progress bar while uploading and disables the form', async () => {
    render(<UploadPage />);
    await chooseCardAndAgree('Slow');
    let finish: (value: unknown) => void = () => undefined;
    uploadCard.mockImplementation((_file: File, options: { onProgress: (n: number) => void }) => {
      options.onProgress(0.4);
      return new Promise((resolve) => (finish = resolve));
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload' })));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement;
    expect(bar.value).toBe(40);
    expect((screen.getByRole('button', { name: 'Uploading...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('I accept the privacy requirements') as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);
    await act(async () => finish({ success: true, message: 'ok', data: {} }));
    expect(await screen.findByText('Image uploaded successfully!')).toBeTruthy();
    expect(uploadCard).toHaveBeenCalledTimes(1);
  });

  it("shows a refused file's reason and keeps the button disabled", async () => {
    render(<UploadPage />);
    fireEvent.click(screen.getByLabelText('I accept the privacy requirements'));
    fireEvent.click(screen.getByLabelText('I confirm I am 18 or older'));
    choose(fileOf(makePng({ width: 2, height: 2 }), 'plain.png'));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGE_NO_CARD);
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's message when the upload is refused, and the way to Pricing when it is the slot limit", async () => {
    render(<UploadPage />);
    await chooseCardAndAgree('Orrin');
    uploadCard.mockRejectedValue(new ApiError('Your Free plan allows 5 private cards.', 403, 'slot_limit'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your Free plan allows 5 private cards. See the plans');
    expect(within(alert).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByText('Orrin')).toBeTruthy(); // kept for another try

    uploadCard.mockRejectedValue(new ApiError('Upload failed. Please try again.', 500, 'server_error'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Upload failed. Please try again.'));
    expect(within(screen.getByRole('alert')).queryByRole('link')).toBeNull();
  });

  it('links a refusal over the storage quota to Pricing', async () => {
    render(<UploadPage />);
    await chooseCardAndAgree('Hoard');
    const message =
      'Your Free plan stores up to 250 MB of cards and chats, and it is full. Delete chats or cards you no longer need, or see Pricing for a plan with more room.';
    uploadCard.mockRejectedValue(new ApiError(message, 413, 'storage_quota'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(within(alert).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it("offers 'Publish as public' to administrators only, and sends it", async () => {
    sessionStore.set({ status: 'signedIn', profile: profile(true) });
    render(<UploadPage />);
    await chooseCardAndAgree('Pub');
    fireEvent.click(screen.getByLabelText('Publish as public'));
    uploadCard.mockResolvedValue({ success: true, message: 'ok', data: {} });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload' })));
    await waitFor(() => expect(uploadCard).toHaveBeenCalled());
    expect(uploadCard.mock.calls[0]![1]).toMatchObject({ publicRelease: true });
  });

  it("says 'You're offline' and disables the button when the device is offline", async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    render(<UploadPage />);
    expect(screen.getByText("You're offline")).toBeTruthy();
  });

  it('opens the privacy and age explanations in dialogs', () => {
    render(<UploadPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Read the privacy requirements' }));
    const dialog = document.getElementById('privacy-dialog-title')!.closest('dialog')!;
    expect(dialog.textContent).toContain('no real or identifiable people');
    expect(document.getElementById('age-dialog-title')!.closest('dialog')!.textContent).toContain('18 or older');
  });
});

/** A stand-in XMLHttpRequest that records what is sent and answers as each test says. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: (xhr: FakeXhr) => void = () => undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    queueMicrotask(() => FakeXhr.answer(this));
  }
  reply(status: number, body?: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadCard (XMLHttpRequest)', () => {
  let real: typeof import('../../src/api/uploads');
  beforeEach(async () => {
    real = await vi.importActual<typeof import('../../src/api/uploads')>('../../src/api/uploads');
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    accessToken.mockReset();
    accessToken.mockResolvedValue('token-1');
    localStorage.setItem(
      'cardchat.tokens',
      JSON.stringify({ accessToken: 'token-1', subject: 'sub-1', email: 'a@example.test', expiresAt: Date.now() + 3_600_000 }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('posts the file as `image` with the Bearer token and identity headers, reporting progress', async () => {
    FakeXhr.answer = (xhr) => xhr.reply(200, { success: true, message: 'ok', data: { file_id: 'x' } });
    const progress: number[] = [];
    const file = fileOf('png-bytes', 'c.png');
    const result = await real.uploadCard(file, { publicRelease: true, onProgress: (n) => progress.push(n) });
    expect(result).toMatchObject({ success: true, data: { file_id: 'x' } });
    const [xhr] = FakeXhr.sent;
    expect(xhr!.method).toBe('POST');
    expect(xhr!.url).toBe('/api/upload/image');
    expect(xhr!.headers).toEqual({
      Authorization: 'Bearer token-1',
      'X-User-ID': 'sub-1',
      'X-User-Email': 'a@example.test',
      // Which device sent it, so the change's live event is not applied twice here.
      'X-Device-ID': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((xhr!.body!.get('image') as File).name).toBe('c.png');
    expect(xhr!.body!.get('public_release')).toBe('true');
    expect(progress).toEqual([0.5]);
  });

  it("sends no public_release unless asked, and maps failures to the upload's messages", async () => {
    FakeXhr.answer = (xhr) => xhr.reply(403, { error: 'slot_limit', message: 'Your Free plan allows 5 private cards.' });
    await expect(real.uploadCard(fileOf('x'))).rejects.toMatchObject({
      message: 'Your Free plan allows 5 private cards.',
      status: 403,
      code: 'slot_limit',
    });
    expect(FakeXhr.sent[0]!.body!.has('public_release')).toBe(false);
    FakeXhr.answer = (xhr) => xhr.reply(500);
    await expect(real.uploadCard(fileOf('x'))).rejects.toThrow('Upload failed. Please try again.');
    FakeXhr.answer = (xhr) => xhr.onerror?.();
    await expect(real.uploadCard(fileOf('x'))).rejects.toThrow('Network error. Please check your connection and try again.');
    accessToken.mockResolvedValue(null);
    await expect(real.uploadCard(fileOf('x'))).rejects.toThrow('User not authenticated. Please log in.');
  });

  it('refreshes the token once after a 401 and sends again', async () => {
    accessToken.mockImplementation(async (options) => (options?.forceRefresh ? 'token-2' : 'token-1'));
    FakeXhr.answer = (xhr) =>
      xhr.headers.Authorization === 'Bearer token-1'
        ? xhr.reply(401, { error: 'unauthorized', message: 'x' })
        : xhr.reply(200, { success: true, message: 'ok', data: {} });
    await expect(real.uploadCard(fileOf('x'))).resolves.toMatchObject({ success: true });
    expect(FakeXhr.sent.map((xhr) => xhr.headers.Authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });
});
