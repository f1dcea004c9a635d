// Fast tests of the viewer's pure logic (geometry, area placement, PDF sniffing). The polling
// schedule and its Poller are tested beside them, in src/model/sign/polling.test.ts.
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  acrofieldMatches,
  clampBox,
  fitScale,
  pagesToRender,
  rectToNormalized,
  stepZoom,
  toPoints,
  ZOOM_STEPS,
} from '../../src/pdf/geometry.js';
import { findKeyword, practiceAreas } from '../../src/pdf/areas.js';
import { looksLikePdf } from '../../src/services/sign.js';

const unit = fc.double({ min: 0, max: 1, noNaN: true });

describe('sign-viewer logic', () => {
  it('clampBox keeps every box inside the page', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: -5, max: 5 }),
        fc.double({ noNaN: true, min: -5, max: 5 }),
        fc.double({ noNaN: true, min: -5, max: 5 }),
        fc.double({ noNaN: true, min: -5, max: 5 }),
        (x, y, width, height) => {
          const b = clampBox({ x, y, width, height });
          expect(b.x).to.be.within(0, 1);
          expect(b.y).to.be.within(0, 1);
          expect(b.x + b.width).to.be.at.most(1 + 1e-9);
          expect(b.y + b.height).to.be.at.most(1 + 1e-9);
        },
      ),
    );
  });

  it('a PDF rectangle and its normalized box agree (§2.4: X from left, Y from top)', () => {
    fc.assert(
      fc.property(
        unit,
        unit,
        unit,
        unit,
        fc.double({ min: 100, max: 2000, noNaN: true }),
        fc.double({ min: 100, max: 2000, noNaN: true }),
        (a, b, c, d, w, h) => {
          const rect = [a * w, b * h, c * w, d * h];
          const n = rectToNormalized(rect, [0, 0, w, h]);
          const p = toPoints(n, w, h);
          expect(p.x).to.be.closeTo(Math.min(rect[0]!, rect[2]!), 1e-6);
          // Top edge measured from the top of the page.
          expect(p.y).to.be.closeTo(h - Math.max(rect[1]!, rect[3]!), 1e-6);
          expect(p.width).to.be.closeTo(Math.abs(rect[2]! - rect[0]!), 1e-6);
          expect(p.height).to.be.closeTo(Math.abs(rect[3]! - rect[1]!), 1e-6);
        },
      ),
    );
  });

  it('only visible pages ± 1 are rendered', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 4 }),
        (count, start, span) => {
          const first = Math.min(start, count);
          const visible = Array.from({ length: Math.min(span, count - first + 1) }, (_, i) => first + i);
          const out = pagesToRender(visible, count);
          for (const v of visible) expect(out).to.include(v);
          for (const p of out) {
            expect(p).to.be.within(1, count);
            expect(visible.some((v) => Math.abs(v - p) <= 1)).to.equal(true);
          }
          expect(out.length).to.be.at.most(visible.length + 2);
        },
      ),
    );
  });

  it('zoom steps move strictly and stay within the steps', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.26, max: 3.9, noNaN: true }), (s) => {
        expect(stepZoom(s, 1)).to.be.greaterThan(s);
        expect(stepZoom(s, -1)).to.be.lessThan(s);
      }),
    );
    expect(stepZoom(ZOOM_STEPS[ZOOM_STEPS.length - 1]!, 1)).to.equal(ZOOM_STEPS[ZOOM_STEPS.length - 1]);
    expect(fitScale('fit-width', 600, 800, 1200, 400)).to.equal(2);
    expect(fitScale('fit-page', 600, 800, 1200, 400)).to.equal(0.5);
  });

  it('finds an anchor keyword inside a text run, shifted by its characters', () => {
    const runs = [
      { str: 'Intro', transform: [12, 0, 0, 12, 50, 700], width: 30, height: 12 },
      { str: 'Sign: Firma del Cliente', transform: [10, 0, 0, 10, 100, 200], width: 115, height: 10 },
    ];
    const box = findKeyword(runs, 'firma del cliente', [0, 0, 500, 1000])!;
    expect(box.x).to.be.closeTo((100 + 6 * 5) / 500, 1e-9);
    expect(box.y).to.be.closeTo((1000 - 210) / 1000, 1e-9);
    expect(box.width).to.be.closeTo((17 * 5) / 500, 1e-9);
    expect(findKeyword(runs, 'absent', [0, 0, 500, 1000])).to.equal(undefined);
  });

  it('finds an anchor phrase that wraps onto the next line (a line end reads as a space)', () => {
    // As pdf.js gives practice 1003's agreement: "… and ACME Services" ends a line, "S.p.A." starts the next.
    const runs = [
      {
        str: 'between Northwind Traders Ltd ("the Customer") and ACME Services',
        transform: [10, 0, 0, 10, 50, 700],
        width: 330,
        height: 10,
        eol: true,
      },
      { str: 'S.p.A. ("the Provider") for the supply', transform: [10, 0, 0, 10, 50, 686], width: 190, height: 10 },
    ];
    const box = findKeyword(runs, 'ACME Services S.p.A.', [0, 0, 500, 1000])!;
    expect(box, 'the wrapped phrase was not found').to.not.equal(undefined);
    const perChar = 330 / runs[0]!.str.length;
    expect(box.x).to.be.closeTo((50 + runs[0]!.str.indexOf('ACME') * perChar) / 500, 1e-9);
    expect(box.y).to.be.closeTo((1000 - 710) / 1000, 1e-9);
    // The box covers the phrase's piece on its first line.
    expect(box.width).to.be.closeTo(('ACME Services'.length * perChar) / 500, 1e-9);
    // A line end is a space, not a wildcard: words glued across it are not a match.
    expect(findKeyword(runs, 'ServicesS.p.A.', [0, 0, 500, 1000])).to.equal(undefined);
  });

  it('an anchor phrase is found wherever its lines break, in the first run it starts in', () => {
    const word = fc.stringMatching(/^[A-Za-z.]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 6 }),
        fc.array(word, { minLength: 2, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        (before, phrase, breaks) => {
          // "before…" on its own run, then the phrase's words, each ending a line or followed by a space.
          const runs = [
            { str: before.join(' '), transform: [10, 0, 0, 10, 20, 500], width: 100, height: 10, eol: true },
          ];
          let str = '';
          phrase.forEach((w, i) => {
            str += w;
            if (i === phrase.length - 1 || breaks[i]) {
              runs.push({
                str,
                transform: [10, 0, 0, 10, 20, 480 - 14 * runs.length],
                width: 5 * str.length,
                height: 10,
                eol: true,
              });
              str = '';
            } else str += ' ';
          });
          const box = findKeyword(runs, phrase.join(' '), [0, 0, 500, 1000]);
          expect(box).to.not.equal(undefined);
          // Found no later than the phrase's own first run.
          expect(box!.y).to.be.at.most((1000 - (480 - 14 * 1)) / 1000 + 1e-9);
        },
      ),
    );
  });

  it('acrofield match rules follow §2.6', () => {
    expect(acrofieldMatches('firma_cliente', 'firma_', 'prefix')).to.equal(true);
    expect(acrofieldMatches('firma_cliente', 'cliente', 'postfix')).to.equal(true);
    expect(acrofieldMatches('firma_cliente', 'ma_cl', undefined)).to.equal(true);
    expect(acrofieldMatches('firma_cliente', 'firma', 'full')).to.equal(false);
  });

  it('collects areas from signers and practice placeholders, skipping invisible and unplaceable ones', () => {
    const areas = practiceAreas({
      signers: [
        {
          email: 'a@x.test',
          firstName: 'Ada',
          lastName: 'Lovelace',
          action: 'E',
          status: 'L',
          signatureCoordinates: [
            { document: 0, page: 1, positionX: 0.1, positionY: 0.2, width: 0.3, height: 0.1 },
            { document: 0, page: 1, positionX: 0.1, positionY: 0.2, invisible: true },
            { document: 1, page: 2, anchorKeyword: 'Firma', offsetY: 0.02 },
            { document: 0, page: 1 } as never,
          ],
          acrofields: [{ acrofieldKeyword: 'firma_', acrofieldMatch: 'prefix' }],
          placeholders: [{ document: 0, page: 1, type: 'F', positionX: 0.4, positionY: 0.2, width: 0.3, height: 0.02 }],
        },
      ],
      placeholders: [{ document: 0, page: 1, type: 'T', positionX: 0.6, positionY: 0.08, width: 0.3, height: 0.02 }],
    });
    expect(areas.map((a) => a.id)).to.deep.equal(['s0-c0', 's0-c2', 's0-a0', 's0-p0', 'p0']);
    expect(areas[0]!.box).to.deep.equal({ x: 0.1, y: 0.2, width: 0.3, height: 0.1 });
    expect(areas[1]!.anchor).to.include({ keyword: 'Firma', offsetY: 0.02 });
    expect(areas[0]!.signerName).to.equal('Ada Lovelace');
  });

  it('sniffs PDF bytes', () => {
    const enc = new TextEncoder();
    expect(looksLikePdf(enc.encode('%PDF-1.7\n...'))).to.equal(true);
    expect(looksLikePdf(enc.encode('\n\n%PDF-1.4'))).to.equal(true);
    expect(looksLikePdf(enc.encode('Questo file non e un PDF'))).to.equal(false);
    expect(looksLikePdf(new Uint8Array())).to.equal(false);
  });
});
