// Pure logic: boxes on turned pages, the canvas pixel budget, each signer's own view.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { displayBox, MAX_CANVAS_PIXELS, MAX_PAINT_RATIO, paintRatio, quarterTurn } from '../../src/pdf/geometry.js';
import { signerView } from '../../src/model/sign/signer-view.js';
import type { PracticeDetail, PracticeSigner } from '../../src/services/sign.js';

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const box = fc
  .record({ x: unit, y: unit, width: unit, height: unit })
  .map((b) => ({ x: b.x * 0.5, y: b.y * 0.5, width: b.width * 0.5, height: b.height * 0.5 }));

describe('turned pages', () => {
  it('four quarter turns bring a box back; each keeps it on the page and keeps its area', () => {
    fc.assert(
      fc.property(box, fc.constantFrom(0, 90, 180, 270), (b, r) => {
        let t = b;
        for (let i = 0; i < 4; i++) t = displayBox(t, 90);
        for (const k of ['x', 'y', 'width', 'height'] as const) expect(t[k]).to.be.closeTo(b[k], 1e-9);
        const d = displayBox(b, r);
        expect(d.width * d.height).to.be.closeTo(b.width * b.height, 1e-12);
        expect(d.x).to.be.at.least(-1e-9);
        expect(d.y).to.be.at.least(-1e-9);
        expect(d.x + d.width).to.be.at.most(1 + 1e-9);
        expect(d.y + d.height).to.be.at.most(1 + 1e-9);
      }),
    );
  });

  it('a box at the top-left of a page stored upright shows top-right at 90, bottom-right at 180, bottom-left at 270', () => {
    const b = { x: 0, y: 0, width: 0.2, height: 0.1 };
    expect(displayBox(b, 90)).to.deep.equal({ x: 0.9, y: 0, width: 0.1, height: 0.2 });
    expect(displayBox(b, 180)).to.deep.equal({ x: 0.8, y: 0.9, width: 0.2, height: 0.1 });
    expect(displayBox(b, 270)).to.deep.equal({ x: 0, y: 0.8, width: 0.1, height: 0.2 });
    expect(quarterTurn(-90)).to.equal(270);
    expect(quarterTurn(450)).to.equal(90);
  });

  it('paints at most 2× the device pixels and never more than the canvas budget', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 20000, noNaN: true }),
        fc.double({ min: 10, max: 20000, noNaN: true }),
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        (w, h, dpr) => {
          const r = paintRatio(w, h, dpr);
          expect(r).to.be.at.most(MAX_PAINT_RATIO);
          expect(w * h * r * r).to.be.at.most(MAX_CANVAS_PIXELS * 1.0001);
        },
      ),
    );
    expect(paintRatio(595, 842, 3)).to.equal(2);
  });
});

describe("each signer's own view", () => {
  const s = (email: string, status: string, extra: Partial<PracticeSigner> = {}): PracticeSigner => ({
    email,
    firstName: email.split('@')[0]!,
    lastName: 'X',
    action: 'E',
    status,
    ...extra,
  });
  const practice = (status: string, signers: PracticeSigner[], events: PracticeDetail['events'] = []): PracticeDetail =>
    ({ idFile: 1, name: 'p', status, signers, documents: [], events }) as PracticeDetail;

  it('says whose turn it is, and offers the link only to the signer whose turn it is', () => {
    const p = practice('L', [s('emily@x.test', 'L'), s('laura@x.test', 'L')]);
    expect(signerView(p, 'EMILY@x.test')).to.include({ turn: 'your-turn', canSign: true });
    const laura = signerView(p, 'laura@x.test');
    expect(laura).to.include({ turn: 'waiting', canSign: false });
    expect(laura.waitingFor?.email).to.equal('emily@x.test');
    const after = practice('L', [
      s('emily@x.test', 'F', { tsSign: '2026-11-24T10:00:00+01:00' }),
      s('laura@x.test', 'L'),
    ]);
    // Defect 1: once Emily has signed, the service's link is Laura's: never Emily's to open.
    expect(signerView(after, 'emily@x.test')).to.include({ turn: 'signed-waiting', canSign: false });
    expect(signerView(after, 'laura@x.test')).to.include({ turn: 'your-turn', canSign: true });
    expect(signerView(after, 'someone@else.test')).to.include({ turn: 'not-a-signer', canSign: false });
    expect(signerView(after, undefined)).to.include({ turn: 'overview', canSign: true });
  });

  it('final states, and the time of each step from the events when tsSign is missing', () => {
    const ev = [
      { action: 'E', tsIns: '2026-11-24T09:00:00+01:00', signerEmail: 'emily@x.test' },
      { action: 'D', tsIns: '2026-11-24T11:00:00+01:00', signerEmail: 'laura@x.test', notes: 'no' },
    ];
    const rejected = signerView(practice('R', [s('emily@x.test', 'F'), s('laura@x.test', 'R')], ev), 'emily@x.test');
    expect(rejected.turn).to.equal('rejected');
    expect(rejected.steps.get('emily@x.test')?.at).to.equal('2026-11-24T09:00:00+01:00');
    expect(rejected.steps.get('laura@x.test')?.at).to.equal('2026-11-24T11:00:00+01:00');
    expect(signerView(practice('F', [s('emily@x.test', 'F')]), 'emily@x.test').turn).to.equal('completed');
    expect(signerView(practice('E', [s('emily@x.test', 'L')]), 'emily@x.test')).to.include({
      turn: 'expired',
      canSign: false,
    });
    expect(signerView(practice('V', [s('emily@x.test', 'L')]), 'emily@x.test').turn).to.equal('cancelled');
    expect(signerView(practice('U', [s('emily@x.test', 'L')]), 'emily@x.test')).to.include({
      turn: 'closed',
      canSign: false,
    });
  });
});
