import { renderApp } from '../../../testing/render-app';
import type { PromotionCode, PromotionCodeCreate } from '@questa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPromotionCode } from '../../../testing/admin-billing-fixtures';
import { anAdminSession } from '../../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';

const spring = aPromotionCode();
const welcome = aPromotionCode({
  id: '3a4f5e6d-7c8b-49aa-9b2c-3d4e5f6a7b80',
  code: 'WELCOME-5',
  discount: { type: 'amount', amountOff: 500, currency: 'eur' },
  duration: 'repeating',
  durationMonths: 3,
  maxRedemptions: 100,
  expiresAt: '2026-12-31T22:59:59.999Z',
});

function stubCodes() {
  let codes: PromotionCode[] = [spring, welcome];
  const created: PromotionCodeCreate[] = [];
  const fetchMock = stubApi({
    'GET /api/admin/billing/promotion-codes': () => jsonResponse({ promotionCodes: codes }),
    'POST /api/admin/billing/promotion-codes': (_url, init) => {
      const input = JSON.parse(String(init?.body)) as PromotionCodeCreate;
      if (input.code === 'SPRING25') {
        return problemResponse({
          status: 400,
          code: 'validation.failed',
          errors: [{ field: 'code', message: 'is already in use' }],
        });
      }
      created.push(input);
      const code = aPromotionCode({ ...input, id: '3a4f5e6d-7c8b-49aa-9b2c-3d4e5f6a7b81' });
      codes = [code, ...codes];
      return jsonResponse(code, { status: 201 });
    },
    [`PATCH /api/admin/billing/promotion-codes/${spring.id}`]: () => {
      codes = codes.map((c) => (c.id === spring.id ? { ...c, active: false } : c));
      return jsonResponse({ ...spring, active: false });
    },
  });
  return { fetchMock, created };
}

const rowOf = (code: string) =>
  within(screen.getByText(code, { selector: 'span' }).closest('tr') as HTMLElement);

describe('admin billing: promotion codes', () => {
  it('lists codes with their discount, duration and limits', async () => {
    stubCodes();
    renderApp('/admin?tab=promotion-codes', { session: anAdminSession() });

    await screen.findByRole('table', { name: 'Promotion codes' });
    expect(rowOf('SPRING25').getByText('25% off, first payment')).toBeTruthy();
    expect(rowOf('SPRING25').getByText('No usage limit')).toBeTruthy();
    expect(rowOf('SPRING25').getByText('no end date')).toBeTruthy();
    expect(rowOf('WELCOME-5').getByText('€5.00 off, for 3 months')).toBeTruthy();
    expect(rowOf('WELCOME-5').getByText('Up to 100 uses')).toBeTruthy();
    expect(rowOf('WELCOME-5').getByText(/^until /)).toBeTruthy();
  });

  it('creates an amount-off code for some months, and says so', async () => {
    const { created } = stubCodes();
    renderApp('/admin?tab=promotion-codes', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'New promotion code' }));
    const form = within(await screen.findByRole('form', { name: 'New promotion code' }));
    fireEvent.change(form.getByLabelText('Code'), { target: { value: 'back-to-school' } });
    fireEvent.click(form.getByLabelText('Amount off'));
    fireEvent.change(form.getByLabelText('Amount'), { target: { value: '3' } });
    fireEvent.click(form.getByLabelText('Some months'));
    fireEvent.change(form.getByLabelText('Months'), { target: { value: '2' } });
    fireEvent.change(form.getByLabelText('Times it can be used'), { target: { value: '50' } });
    fireEvent.click(form.getByRole('button', { name: 'Create code' }));

    expect(
      await screen.findByText(
        'Promotion code BACK-TO-SCHOOL created. Learners can type it at checkout now.',
      ),
    ).toBeTruthy();
    expect(created).toEqual([
      {
        code: 'BACK-TO-SCHOOL',
        discount: { type: 'amount', amountOff: 300, currency: 'eur' },
        duration: 'repeating',
        durationMonths: 2,
        maxRedemptions: 50,
        expiresAt: null,
      },
    ]);
  });

  it('checks a code before sending it, and shows the server’s refusal of one in use', async () => {
    const { fetchMock } = stubCodes();
    renderApp('/admin?tab=promotion-codes', { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'New promotion code' }));
    const form = within(await screen.findByRole('form', { name: 'New promotion code' }));
    fireEvent.change(form.getByLabelText('Code'), { target: { value: 'no spaces' } });
    fireEvent.change(form.getByLabelText('Percent off'), { target: { value: '120' } });
    fireEvent.click(form.getByRole('button', { name: 'Create code' }));
    expect(await form.findByText('Use 3 to 40 letters, digits or dashes.')).toBeTruthy();
    expect(form.getByText('Enter a percentage from 1 to 100.')).toBeTruthy();
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(form.getByLabelText('Code'), { target: { value: 'spring25' } });
    fireEvent.change(form.getByLabelText('Percent off'), { target: { value: '25' } });
    fireEvent.click(form.getByRole('button', { name: 'Create code' }));
    expect((await form.findByRole('alert')).textContent).toContain(
      'The promotion code could not be created.',
    );
    expect(form.getByText('is already in use')).toBeTruthy();
  });

  it('asks before withdrawing a code, then shows it withdrawn', async () => {
    stubCodes();
    renderApp('/admin?tab=promotion-codes', { session: anAdminSession() });

    fireEvent.click(
      await screen.findByRole('button', { name: 'Withdraw promotion code SPRING25' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw SPRING25?' });
    expect(dialog.textContent).toContain('Checkouts already begun with it keep their discount.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Promotion code SPRING25 withdrawn.')).toBeTruthy();
    expect(await rowOf('SPRING25').findByText('Withdrawn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw promotion code SPRING25' })).toBeNull();
  });
});
