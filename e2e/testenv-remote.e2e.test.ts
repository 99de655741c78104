/**
 * The Test env view with its engine on another machine (issue 25): a real `tandem serve` with
 * DOCKER_HOST=ssh://tandem-remote (the harness's namespace, scripts/remote-engine.sh) in Chromium.
 * The view says where environments run and how their ports and mocks reach this machine.
 */
import { describe, expect, it } from 'vitest';
import { remoteEngineForTests } from '../src/main/domains/testenv/testing/remote-engine';
import { eventually, expectNoPageErrors, useStudios } from './support/studio';

const { remote, skip } = remoteEngineForTests();
const { startStudio } = useStudios();

describe.skipIf(skip)('the Test env view on a remote engine', () => {
  it('says the environments run on the remote host, with their ports forwarded here', { timeout: 120_000 }, async () => {
    const { openTab } = await startStudio({ env: { DOCKER_HOST: remote!.dockerHost, HOME: remote!.home } });
    const tab = await openTab();
    const { page } = tab;
    await page.getByTestId('domain-testenv').click();
    await page.getByTestId('testenv-view').waitFor({ state: 'visible' });
    const notice = page.getByTestId('testenv-engine');
    // The engine is checked a moment after the studio opens, over SSH.
    await eventually(() => notice.getAttribute('data-remote')).toBe('tandem-remote');
    const text = await notice.innerText();
    expect(text).toContain('Environments run on tandem-remote (ssh://tandem-remote (DOCKER_HOST))');
    expect(text).toMatch(/forwarded to this machine's 127\.0\.0\.1 over SSH/);
    // An engine that answers leaves Build open.
    expect(await page.getByTestId('testenv-init').isDisabled()).toBe(false);
    expectNoPageErrors(tab);
  });
});
