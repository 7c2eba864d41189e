// 'Eliminar definitivamente' on a business someone else purged or restored meanwhile: the dialog says
// so and does not offer the same refused purge again.
import { BUSINESS_TRASH_PATH } from '@portal/contract/business-trash';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { PurgeModal } from './purge-modal.tsx';

const REGISTRY = 'REG000077';
const PURGE = `DELETE ${BUSINESS_TRASH_PATH}/registry/${REGISTRY}`;
const fake = signedInWithFakeFetch();

describe('PurgeModal', () => {
  it('turns the purge off once the server says the business is no longer in the trash', async () => {
    fake().on(PURGE, { status: 404, body: { success: false, error: 'Business not found in the trash' } });
    const onPurged = vi.fn();
    const business = {
      business_registry_number: REGISTRY,
      business_name: 'Colmado Borrado',
    } as TrashedBusiness;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PurgeModal business={business} onPurged={onPurged} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox'), REGISTRY);
    const purge = screen.getByRole('button', { name: 'Eliminar definitivamente' });
    await user.click(purge);
    expect(await screen.findByText('Business not found in the trash')).toBeTruthy();
    expect(purge).toHaveProperty('disabled', true);
    expect(fake().callsTo(`${BUSINESS_TRASH_PATH}/registry/${REGISTRY}`)).toHaveLength(1);
    expect(onPurged).not.toHaveBeenCalled();
  });
});
