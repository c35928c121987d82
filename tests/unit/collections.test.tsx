import 'fake-indexeddb/auto';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionItem } from '@core/contract';
import * as api from '../../src/api/collections';
import * as images from '../../src/api/images';
import * as users from '../../src/api/users';
import { ApiError } from '../../src/api/errors';
import { CollectionCard } from '../../src/features/collections/CollectionCard';
import { ConfirmDeleteDialog } from '../../src/features/collections/ConfirmDeleteDialog';
import { cardTypeOf, rememberSelectedCharacter } from '../../src/features/gallery/cardActions';
import { deleteErrorMessage } from '../../src/features/collections/deleteMessage';
import { pageButtons, totalPagesOf } from '../../src/features/collections/pagination';
import { ChangeCharacterButton } from '../../src/features/replace/ChangeCharacterButton';
import { replacementImageError } from '../../src/features/replace/validateImage';
import { cardHasChats, deleteCollectionCard } from '../../src/sync/collections';
import { installDialogStandIn } from './dialogStandIn';

vi.mock('../../src/api/users', () => ({ getUserType: vi.fn() }));
vi.mock('../../src/api/collections', () => ({
  COLLECTIONS_PAGE_SIZE: 12,
  replaceCharacterImage: vi.fn(),
  deleteUserImage: vi.fn(),
  deletePublicImage: vi.fn(),
  listCollections: vi.fn(),
  characterUsage: vi.fn(),
  deleteCharacterChats: vi.fn(),
}));
vi.mock('../../src/api/images', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/images')>()),
  fetchImageBlob: vi.fn(),
}));

afterEach(cleanup);

beforeAll(installDialogStandIn);

describe('collections pagination', () => {
  it('shows every page when there are at most five', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(2, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows a window of five around the current page, clamped at both ends', () => {
    expect(pageButtons(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(3, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageButtons(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageButtons(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it('has no buttons without pages and counts 12 cards a page', () => {
    expect(pageButtons(1, 0)).toEqual([]);
    expect(totalPagesOf(0, 12)).toBe(1);
    expect(totalPagesOf(12, 12)).toBe(1);
    expect(totalPagesOf(13, 12)).toBe(2);
  });
});

describe('collection delete errors', () => {
  it('maps each status to the spec message', () => {
    expect(deleteErrorMessage(new ApiError('x', 400))).toBe('Invalid user information');
    expect(deleteErrorMessage(new ApiError('x', 403))).toBe('Access denied');
    expect(deleteErrorMessage(new ApiError('x', 404))).toBe('Image not found or no permission to delete');
    expect(deleteErrorMessage(new ApiError('x', 500))).toBe('Server error occurred');
    expect(deleteErrorMessage(new ApiError('x', 409))).toBe('Failed to delete image');
    expect(deleteErrorMessage(new ApiError('x', 502))).toBe('Failed to delete image');
  });

  it('reports a network failure as such', () => {
    expect(deleteErrorMessage(new ApiError('offline', 0, 'network'))).toBe('Network error occurred while deleting image');
    expect(deleteErrorMessage(new TypeError('Failed to fetch'))).toBe('Network error occurred while deleting image');
  });
});

describe('the delete confirmation', () => {
  it('asks once for a card without chats', () => {
    const onConfirm = vi.fn();
    render(<ConfirmDeleteDialog name="Mara" twoStep={false} onConfirm={onConfirm} onCancel={() => undefined} />);
    // The name sits in a <bdi> inside the sentence, so the paragraph's whole text is matched.
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'P' && /Are you sure you want to delete "Mara"/.test(element.textContent ?? ''),
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete', hidden: true }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('asks twice for a card with chats: the first defaults to Cancel, the second is the Final Warning', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDeleteDialog name="Mara" twoStep onConfirm={onConfirm} onCancel={onCancel} />);
    const cancel = screen.getByRole('button', { name: 'Cancel', hidden: true });
    expect(document.activeElement).toBe(cancel);
    expect(screen.queryByText('Final Warning')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete', hidden: true }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Final Warning', hidden: true })).toBeTruthy();
    // The Final Warning defaults to Cancel too: Enter on whatever has the focus never deletes.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Everything', hidden: true }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels from either step', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDeleteDialog name="Mara" twoStep onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('a collection card', () => {
  const item = (tags: string[], isPublic = 0): CollectionItem =>
    ({
      file_id: 'f1',
      display_title: 'Mara',
      title: 'Mara',
      filename: 'mara.png',
      url: '/api/upload/image/user/f1',
      thumbnail_url: '/api/upload/image/thumbnail/f1/240.webp',
      thumbnail_srcset: '',
      upload_time: '2026-11-21T10:00:00.000Z',
      is_public: isPublic,
      card_data: {
        spec_version: '3.0',
        data: { name: 'Mara', description: '', personality: '', scenario: '', first_mes: '', creator: '', tags },
      },
    }) as CollectionItem;

  async function renderCard(card: CollectionItem, onChat = vi.fn()) {
    vi.mocked(images.fetchImageBlob).mockResolvedValue(new Blob(['png']));
    const Page = () => (
      <CollectionCard item={card} onChat={onChat} onView={vi.fn()} onDownload={vi.fn()} onDelete={vi.fn()} onReplaced={vi.fn()} />
    );
    const router = createRouter({
      routeTree: createRootRoute({ component: Page }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(<RouterProvider router={router} />);
    return within(await screen.findByRole('article', { name: 'Mara' }));
  }

  it("shows 5 tags and '+N' for the rest", async () => {
    const card = await renderCard(item(['a', 'b', 'c', 'd', 'e', 'f', 'g']));
    expect(card.getAllByRole('listitem').map((tag) => tag.textContent)).toEqual(['a', 'b', 'c', 'd', 'e', '+2']);
    expect(card.getByLabelText('2 more tags')).toBeTruthy();
    cleanup();
    const few = await renderCard(item(['a', 'b', 'c', 'd', 'e']));
    expect(few.getAllByRole('listitem').map((tag) => tag.textContent)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('offers Chat, which opens the chat with the card', async () => {
    const onChat = vi.fn();
    const card = await renderCard(item([]), onChat);
    fireEvent.click(card.getByRole('button', { name: 'Chat with Mara' }));
    expect(onChat).toHaveBeenCalledWith(expect.objectContaining({ file_id: 'f1' }));
  });

  it("hands a private card to the chat as the user's own ('user'), a published one as public", () => {
    expect(cardTypeOf({ is_public: 0 })).toBe('user');
    expect(cardTypeOf({ is_public: 1 })).toBe('public');
    rememberSelectedCharacter(item(['a']), 'user');
    expect(JSON.parse(localStorage.getItem('selectedCharacter')!)).toMatchObject({ id: 'f1', name: 'Mara', card_type: 'user' });
    expect(localStorage.getItem('isFromCardClick')).toBe('true');
  });
});

describe('replacement image validation', () => {
  it('requires a file', () => {
    expect(replacementImageError(null)).toBe('Please select an image file');
  });
  it('accepts only images', () => {
    expect(replacementImageError({ type: 'application/pdf', size: 100 })).toBe('Please select a valid image file');
    expect(replacementImageError({ type: '', size: 100 })).toBe('Please select a valid image file');
  });
  it('accepts at most 10MB', () => {
    expect(replacementImageError({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe('File size must be less than 10MB');
    expect(replacementImageError({ type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(replacementImageError({ type: 'image/png', size: 1234 })).toBeNull();
    expect(replacementImageError({ type: 'image/gif', size: 1234 })).toBeNull();
  });
});

/** The restriction modal's Upgrade Now is a router Link, so the button renders inside a memory router. */
async function renderButton(): Promise<void> {
  const Page = () => <ChangeCharacterButton fileId="f1" originalName="Mara" onReplaced={() => undefined} />;
  const router = createRouter({ routeTree: createRootRoute({ component: Page }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('button', { name: 'Change Character Mara' });
}

describe('the replace-character flow', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the restriction modal to a Free user, with Upgrade Now to /pricing', async () => {
    vi.mocked(users.getUserType).mockResolvedValue({ user_type: 'normal' });
    await renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Change Character Mara' }));
    await screen.findByRole('heading', { name: 'Free users cannot modify characters', hidden: true });
    expect(screen.getByRole('link', { name: 'Upgrade Now', hidden: true }).getAttribute('href')).toBe('/pricing');
  });

  it('shows the upgrade prompt when the plan check fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(users.getUserType).mockRejectedValue(new ApiError('HTTP 500: Internal Server Error', 500));
    await renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Change Character Mara' }));
    await screen.findByRole('heading', { name: 'Free users cannot modify characters', hidden: true });
  });

  it('opens the edit modal for a paid plan and validates the image', async () => {
    vi.mocked(users.getUserType).mockResolvedValue({ user_type: 'monthly' });
    await renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Change Character Mara' }));
    await screen.findByRole('heading', { name: 'Change Character', hidden: true });
    expect(screen.getByText('JPG, PNG, GIF')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Replace', hidden: true }));
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('Please select an image file');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('Please select a valid image file');
    expect(api.replaceCharacterImage).not.toHaveBeenCalled();
  });

  it("says when the card's embedded assets can't be kept, saving nothing until the user chooses to save without them", async () => {
    vi.mocked(users.getUserType).mockResolvedValue({ user_type: 'monthly' });
    const warning = "This card's 2 embedded assets can't be kept with this picture: together they would be larger than 20MB.";
    vi.mocked(api.replaceCharacterImage)
      .mockReset()
      .mockRejectedValueOnce(new ApiError(warning, 409, 'assets_not_kept'))
      .mockResolvedValueOnce({ success: true, message: 'ok', data: {} as CollectionItem, original_deleted: true, favorite_removed: false });
    await renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Change Character Mara' }));
    await screen.findByRole('heading', { name: 'Change Character', hidden: true });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([Uint8Array.of(0x89, 0x50)], 'new.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Replace', hidden: true }));
    expect((await screen.findByText(warning)).textContent).toBe(warning);
    expect(vi.mocked(api.replaceCharacterImage).mock.calls[0]![0]).not.toHaveProperty('drop_assets');
    fireEvent.click(screen.getByRole('button', { name: 'Save without the assets', hidden: true }));
    await vi.waitFor(() => expect(api.replaceCharacterImage).toHaveBeenCalledTimes(2));
    expect(vi.mocked(api.replaceCharacterImage).mock.calls[1]![0]).toMatchObject({ drop_assets: true });
  });
});

describe('deleting a collection card', () => {
  const item = { file_id: 'f9' } as CollectionItem;
  beforeEach(() => vi.clearAllMocks());

  it('falls back to the public delete for an administrator on 404', async () => {
    vi.mocked(api.deleteUserImage).mockRejectedValue(new ApiError('Image not found or no permission to delete', 404));
    vi.mocked(api.deletePublicImage).mockResolvedValue({ success: true, message: 'ok' });
    await deleteCollectionCard(item, true, false);
    expect(api.deletePublicImage).toHaveBeenCalledWith('f9');
  });

  it('does not fall back for other users', async () => {
    vi.mocked(api.deleteUserImage).mockRejectedValue(new ApiError('Image not found or no permission to delete', 404));
    await expect(deleteCollectionCard(item, false, false)).rejects.toMatchObject({ status: 404 });
    expect(api.deletePublicImage).not.toHaveBeenCalled();
  });

  it("deletes the card's chats first when it has any", async () => {
    vi.mocked(api.deleteCharacterChats).mockResolvedValue({ success: true, deleted: 2 });
    vi.mocked(api.deleteUserImage).mockResolvedValue({ success: true, message: 'ok' });
    await deleteCollectionCard(item, false, true);
    expect(api.deleteCharacterChats).toHaveBeenCalledWith('f9');
    expect(vi.mocked(api.deleteCharacterChats).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(api.deleteUserImage).mock.invocationCallOrder[0]!,
    );
  });

  it('treats a card whose chats cannot be counted as one with chats (asks twice)', async () => {
    vi.mocked(api.characterUsage).mockRejectedValue(new ApiError('Network error occurred', 0));
    expect(await cardHasChats(item)).toBe(true);
    vi.mocked(api.characterUsage).mockResolvedValue({ has_chats: false, chat_count: 0, character_name: 'X' });
    expect(await cardHasChats(item)).toBe(false);
  });
});
