import { describe, expect, it } from 'vitest';
import { decodeForm } from './form';
import { Params } from './params';

describe('form bodies in bracket notation', () => {
  it('nests objects and makes lists of numbered and empty brackets', () => {
    expect(
      decodeForm(
        'line_items[0][price]=price_1&line_items[0][quantity]=2&metadata[plan]=premium&expand[]=customer&expand[]=subscription&email=a%2Bb%40x.test',
      ),
    ).toEqual({
      line_items: [{ price: 'price_1', quantity: '2' }],
      metadata: { plan: 'premium' },
      expand: ['customer', 'subscription'],
      email: 'a+b@x.test',
    });
  });

  it('orders numbered items by index, whatever order they came in', () => {
    expect(decodeForm('items[1][id]=b&items[0][id]=a').items).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('refuses a name that is both a value and an object', () => {
    expect(() => decodeForm('metadata=x&metadata[a]=b')).toThrow(/also/);
  });
});

describe('reading parameters as Stripe does', () => {
  it('names nested parameters by their bracket path in errors', () => {
    const params = new Params(decodeForm('line_items[0][quantity]=two'));
    const [line] = params.list('line_items')!;
    expect(() => line!.int('quantity')).toThrow('Invalid integer: two');
    try {
      line!.int('quantity');
    } catch (error) {
      expect((error as { body: { param: string } }).body.param).toBe('line_items[0][quantity]');
    }
  });

  it('refuses parameters nobody read, at any depth', () => {
    const params = new Params(decodeForm('email=a@b.test&subscription_data[trial_days]=3'));
    params.string('email');
    params.object('subscription_data')?.int('trial_period_days');
    expect(() => params.done()).toThrow(
      'Received unknown parameter: subscription_data[trial_days]',
    );
  });

  it('reads metadata: an empty value removes a key, an empty hash clears them all', () => {
    expect(new Params(decodeForm('metadata[a]=1&metadata[b]=')).metadata()).toEqual({
      a: '1',
      b: '',
    });
    expect(new Params(decodeForm('metadata=')).metadata()).toBeNull();
  });

  it('tells a missing required parameter from an empty one', () => {
    expect(() => new Params({}).string('currency', { required: true })).toThrow(
      'Missing required param: currency.',
    );
    expect(() => new Params({ currency: '' }).string('currency', { required: true })).toThrow(
      /empty string for 'currency'/,
    );
  });
});
