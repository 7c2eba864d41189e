// 'Eliminar definitivamente' on a business someone else purged or restored meanwhile: the dialog says
// so and does not offer the same refused purge again. While it purges, the typed field keeps the focus.
import { BUSINESS_TRASH_PATH } from '@portal/contract/business-trash';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { PurgeModal } from './purge-modal.tsx';

const REGISTRY = 'REG000077';
const PURGE = `DELETE ${BUSINESS_TRASH_PATH}/registry/${REGISTRY}`;
const fake = signedInWithFakeFetch();

const business = {
  business_registry_number: REGISTRY,
  business_name: 'Colmado Borrado',
} as TrashedBusiness;

function renderModal(onPurged: (business: TrashedBusiness) => void) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PurgeModal business={business} onPurged={onPurged} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('PurgeModal', () => {
  it('turns the purge off once the server says the business is no longer in the trash', async () => {
    fake().on(PURGE, { status: 404, body: { success: false, error: 'Business not found in the trash' } });
    const onPurged = vi.fn();
    const user = renderModal(onPurged);
    await user.type(screen.getByRole('textbox'), REGISTRY);
    const purge = screen.getByRole('button', { name: 'Eliminar definitivamente' });
    await user.click(purge);
    expect(await screen.findByText('Business not found in the trash')).toBeTruthy();
    expect(purge).toHaveProperty('disabled', true);
    expect(fake().callsTo(`${BUSINESS_TRASH_PATH}/registry/${REGISTRY}`)).toHaveLength(1);
    expect(onPurged).not.toHaveBeenCalled();
  });

  it('keeps the focus in the typed field while it purges (read-only), and a second Enter sends nothing', async () => {
    const onPurged = vi.fn();
    const user = renderModal(onPurged);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, REGISTRY);
    const release = fake().hold(PURGE);
    fake().on(PURGE, { status: 200, body: { success: true, message: 'Business permanently deleted' } });
    await user.keyboard('{Enter}');

    await waitFor(() => expect(input.readOnly).toBe(true));
    expect(input.disabled).toBe(false);
    expect(document.activeElement).toBe(input);
    await user.keyboard('X{Enter}');
    expect(input.value).toBe(REGISTRY);
    expect(fake().callsTo(`${BUSINESS_TRASH_PATH}/registry/${REGISTRY}`)).toHaveLength(1);

    release();
    await waitFor(() => expect(onPurged).toHaveBeenCalledWith(business));
  });
});
