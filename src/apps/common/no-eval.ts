/**
 * The views run under the host's Content Security Policy, which allows no 'unsafe-eval'. Zod (under
 * the MCP SDK's schemas) parses objects with code it makes with `new Function` unless it is
 * `jitless`, and its first parse tries `Function('')` to see whether it may: refused, that try is a
 * violation the host sees (and may report). ext-apps' App sets jitless, but only after its base
 * class (the SDK's Protocol) has already parsed; so it is set here, before any other module of the
 * view runs (this module is imported first).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
