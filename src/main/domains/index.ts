/** Every domain the studio hosts. Domains do not import each other; the core imports them here. */
import type { FcpDomain } from '../fcp/domain';
import { drawioDomain } from './drawio';
import { midiDomain } from './midi';

export const fcpDomains: readonly FcpDomain<any>[] = [drawioDomain, midiDomain];
