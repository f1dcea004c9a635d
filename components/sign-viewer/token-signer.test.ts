// The signer known only from the gateway's visitor token (no `signer-email`): the viewer still says
// whose turn it is, and "waiting for …" while it is someone else's. Through the real gateway, with a
// token minted as a site's backend would (demo/site-backend.ts: Ada is Laura Bianchi's signer).
import { expect, fixture } from '@open-wc/testing';
import { GATEWAY_URL } from '/__sportello/env.js';
import type { SportelloSignViewer } from './sign-viewer.js';
import { actOnLink, resetSim, shadow, signingLink } from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const adaToken = async () =>
  ((await (await fetch('/__sportello/visitor-token?user=ada')).json()) as { token: string }).token;

async function tokenViewer(idFile: number): Promise<SportelloSignViewer> {
  const el = document.createElement('sportello-sign-viewer') as SportelloSignViewer;
  el.setAttribute('lang', 'en');
  el.setAttribute('endpoint', `${GATEWAY_URL}/sign/api/v2`);
  el.setAttribute('poll-interval', '150');
  el.setAttribute('id-file', String(idFile));
  el.tokenProvider = adaToken;
  return fixture<SportelloSignViewer>(el);
}

const turn = (el: SportelloSignViewer) => shadow(el).querySelector<HTMLElement>('[part="turn"]');

describe("sportello-sign-viewer: the token's signer, without signer-email", () => {
  beforeEach(resetSim);

  it('says "waiting for Emily" while it is her turn, offers no link, then says it is their turn after she signs', async () => {
    // Practice 1003: Emily Carter signs first, then Laura Bianchi (Ada's token's signer).
    const el = await tokenViewer(1003);
    await until(() => turn(el), 'no turn shown from the token alone');
    expect(el.signerEmail).to.equal(undefined);
    expect(el.viewingSigner).to.equal('laura.bianchi@acme.test');
    expect(turn(el)!.dataset.turn).to.equal('waiting');
    expect(turn(el)!.textContent).to.contain('Waiting for Emily Carter to sign first.');
    expect(el.matches(':state(waiting)')).to.equal(true);
    expect(el.matches(':state(your-turn)')).to.equal(false);
    // Emily's link is not Laura's to open.
    expect(shadow(el).querySelector('[part="sign-button"]')).to.equal(null);
    // Laura's own areas are hers ("(you)"), Emily's are not.
    await expect(el).to.be.accessible();

    // Emily signs on her own page (the service's link is hers now).
    const emilyLink = await signingLink(1003);
    expect((await actOnLink(emilyLink, 'sign')).status).to.equal(200);
    // The viewer follows from the start for the token's signer: their turn shows without a click.
    await until(() => turn(el)?.dataset.turn === 'your-turn', 'their turn did not show');
    expect(turn(el)!.textContent).to.contain('It is your turn to sign.');
    expect(el.matches(':state(your-turn)')).to.equal(true);
    await until(() => shadow(el).querySelector('[part="sign-button"]'), 'no Sign action on their turn');
    await expect(el).to.be.accessible();
  });
});
