export interface CheckoutCard {
  cardNumber: string;
  expiry?: string;
  cvc?: string;
  name?: string;
  email?: string;
  promotionCode?: string;
}

/**
 * Pays a hosted checkout the way its form does, over HTTP without a browser. Resolves with the
 * page's status and where it redirected (the success URL when paid).
 */
export async function payCheckout(
  url: string,
  card: CheckoutCard,
): Promise<{ status: number; location: string | null; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: card.email ?? 'learner@questa.test',
      name: card.name ?? 'Ada Learner',
      cardNumber: card.cardNumber,
      expiry: card.expiry ?? '12 / 40',
      cvc: card.cvc ?? '123',
      promotionCode: card.promotionCode ?? '',
    }).toString(),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: await response.text(),
  };
}
