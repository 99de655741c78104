import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createNavigation, whenFound } from './navigation';

describe('navigation between views', () => {
  it('shows the link\'s domain, then hands its handler the rest of the link', async () => {
    const navigation = createNavigation();
    const steps: string[] = [];
    navigation.onShow((domain) => steps.push(`show ${domain}`));
    navigation.register('drawio', (target) => {
      steps.push(`reveal ${target}`);
      return { ok: true };
    });
    expect(await navigation.open('drawio:Auth Service')).toEqual({ ok: true });
    expect(steps).toEqual(['show drawio', 'reveal Auth Service']);
  });

  it('answers a clear refusal for a domain no view handles, a malformed link, or a handler that throws; never throws itself', async () => {
    const navigation = createNavigation();
    const shown: string[] = [];
    navigation.onShow((domain) => shown.push(domain));
    const unregister = navigation.register('midi', () => {
      throw new Error('no song');
    });
    expect(await navigation.open('architecture:Payments')).toEqual({ ok: false, message: 'No view opens architecture links yet', suggestion: 'links that open: midi' });
    expect(await navigation.open('nocolon')).toMatchObject({ ok: false, message: "'nocolon' is not a link" });
    expect(await navigation.open('midi:Piano')).toEqual({ ok: false, message: 'Opening midi:Piano failed: no song' });
    expect(shown).toEqual(['midi']);
    // Told where the click came from, a link that did not open shows that view again, which says why.
    expect(await navigation.open('midi:Piano', 'tasks')).toMatchObject({ ok: false });
    expect(await navigation.open('architecture:Payments', 'tasks')).toMatchObject({ ok: false });
    expect(shown).toEqual(['midi', 'midi', 'tasks']);
    unregister();
    expect(await navigation.open('midi:Piano')).toMatchObject({ ok: false, message: 'No view opens midi links yet' });
  });
});

describe('whenFound', () => {
  it('answers what is there now, what arrives later, or undefined after the wait', async () => {
    const store = createStore<{ n: number }>()(() => ({ n: 1 }));
    expect(await whenFound(store, (s) => (s.n === 1 ? 'one' : undefined), 10)).toBe('one');
    const later = whenFound(store, (s) => (s.n === 2 ? 'two' : undefined), 1000);
    store.setState({ n: 2 });
    expect(await later).toBe('two');
    expect(await whenFound(store, (s) => (s.n === 3 ? 'three' : undefined), 10)).toBeUndefined();
  });
});
