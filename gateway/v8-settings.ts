/**
 * V8 settings for the gateway's own process: imported first by the command (main.ts), before any
 * request. Not by run.ts or server.ts, which a test or another program may load into a process of
 * its own.
 *
 * Allocation-site pretenuring off. V8 watches which object literals tend to outlive a young-space
 * collection and then allocates them straight into the old space. Under load, about 3 KB of every
 * request's objects were promoted and a full collection ran about twice a second; our reading (which
 * literal, we did not find) is that a burst on a cold gateway (first connections to the services,
 * code not yet optimised) makes a request's objects live long once, the decision stays, and what a
 * pretenured object references is promoted with it. Without pretenuring, in alternating rounds of
 * `npm run bench gateway`'s scoped route: no full collection, and 0.104 -> 0.087 ms of CPU a
 * request (gateway/README.md "Speed"). The flag is read when V8 weighs that feedback, so setting
 * it here, before the first request, is as good as on the command line (measured: the same).
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
