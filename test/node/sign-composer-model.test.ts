/**
 * The composer's pure model (src/model/sign/composer): areas moved and sized on turned pages, the
 * creation body a draft becomes and back, refusals landing on their field, and the checks before
 * sending. Properties over random drafts and boxes (fast-check), and the cases that matter by name.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { displayBox, storedBox, type NormalizedBox } from '../../src/pdf/geometry.js';
import {
  editShown,
  fieldBox,
  keepOnPage,
  keyEdit,
  MIN_SIZE,
  moveBy,
} from '../../src/model/sign/composer/area-geometry.js';
import {
  addArea,
  addSigner,
  emptyDraft,
  newPlaceholder,
  newSigner,
  removeArea,
  removeSigner,
  type ComposerArea,
  type PracticeDraft,
} from '../../src/model/sign/composer/practice-draft.js';
import { creationBody, endOfDayIso } from '../../src/model/sign/composer/practice-body.js';
import { applyType, draftFromBody } from '../../src/model/sign/composer/draft-from-service.js';
import { checkPractice, type CheckContext } from '../../src/model/sign/composer/practice-checks.js';
import { refusedField } from '../../src/model/sign/composer/refusals.js';
import { nextInPersonSigner, sentSignersOf, type SentSigner } from '../../src/model/sign/composer/sent-signers.js';
import { PLACEHOLDER_KINDS } from '../../src/model/sign/composer/placeholder-kinds.js';
import type { ProcessType } from '../../src/services/sign-authoring.js';

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const box = fc
  .record({
    x: unit,
    y: unit,
    width: fc.double({ min: MIN_SIZE, max: 1, noNaN: true }),
    height: fc.double({ min: MIN_SIZE, max: 1, noNaN: true }),
  })
  .map(keepOnPage);
const turn = fc.constantFrom(0, 90, 180, 270);
const close = (a: NormalizedBox, b: NormalizedBox, eps = 1e-9) =>
  Math.abs(a.x - b.x) < eps &&
  Math.abs(a.y - b.y) < eps &&
  Math.abs(a.width - b.width) < eps &&
  Math.abs(a.height - b.height) < eps;
const inside = (b: NormalizedBox) =>
  b.x >= -1e-12 &&
  b.y >= -1e-12 &&
  b.x + b.width <= 1 + 1e-12 &&
  b.y + b.height <= 1 + 1e-12 &&
  b.width >= MIN_SIZE - 1e-12 &&
  b.height >= MIN_SIZE - 1e-12;

describe('composer: areas on the page', () => {
  it('a box turned for display and back is the same box, whatever the page’s turn', () => {
    fc.assert(fc.property(box, turn, (b, r) => close(storedBox(displayBox(b, r), r), b)));
  });

  it('an arrow key moves what the user sees the way the arrow points, on a turned page too, and never off the page', () => {
    const keys = fc.constantFrom('ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown');
    fc.assert(
      fc.property(box, turn, keys, fc.boolean(), fc.boolean(), (b, r, key, shift, alt) => {
        const next = editShown(b, r, (shown) => keyEdit(shown, key, { shift, alt }))!;
        const before = displayBox(b, r);
        const after = displayBox(next, r);
        assert.ok(inside(after), 'kept on the page');
        const step = alt ? 0.001 : 0.01;
        if (!shift) {
          const dx = key === 'ArrowLeft' ? -step : key === 'ArrowRight' ? step : 0;
          const dy = key === 'ArrowUp' ? -step : key === 'ArrowDown' ? step : 0;
          assert.ok(close(after, moveBy(before, dx, dy), 1e-9), 'moved as shown');
          assert.ok(
            Math.abs(after.width - before.width) < 1e-9 && Math.abs(after.height - before.height) < 1e-9,
            'size kept',
          );
        } else {
          assert.ok(
            Math.abs(after.x - before.x) < 1e-9 && Math.abs(after.y - before.y) < 1e-9,
            'corner kept when resizing',
          );
        }
      }),
    );
  });

  it('a form field of an upload (points, from the bottom-left) is the box the viewer draws it at', () => {
    const b = fieldBox(
      { keyword: 'firma', page: 1, x: 56, y: 100, width: 220, height: 64 },
      { width: 595.28, height: 841.89 },
    );
    assert.ok(close(b, { x: 56 / 595.28, y: (841.89 - 164) / 841.89, width: 220 / 595.28, height: 64 / 841.89 }));
  });
});

// ---- drafts, bodies, refusals ----

function sampleDraft(): PracticeDraft {
  let d = emptyDraft();
  d = {
    ...d,
    documents: [
      {
        id: 'doc-a',
        name: 'contratto.pdf',
        origin: 'upload',
        uploadedFilename: 'u1_contratto.pdf',
        pages: 3,
        pageSizes: [],
        acrofields: [],
      },
      {
        id: 'doc-b',
        name: 'privacy.pdf',
        origin: 'upload',
        uploadedFilename: 'u2_privacy.pdf',
        pages: 2,
        pageSizes: [],
        acrofields: [],
      },
    ],
  };
  const mario = newSigner({
    id: 's-mario',
    firstName: 'Mario',
    lastName: 'Rossi',
    email: 'mario@example.test',
    action: 'T',
    phone: '3331234567',
  });
  const ufficio = newSigner({ id: 's-office', who: 'user', username: 'agente.conti', action: 'P' });
  d = addSigner(addSigner(d, mario), ufficio);
  const area = (over: Partial<ComposerArea>): ComposerArea => ({
    id: 'area-x',
    signer: 's-mario',
    kind: 'signature',
    document: 'doc-a',
    page: 1,
    box: { x: 0.1, y: 0.7, width: 0.3, height: 0.08 },
    ...over,
  });
  d = addArea(d, area({ id: 'area-sig' }));
  d = addArea(
    d,
    area({
      id: 'area-anchor',
      document: 'doc-b',
      page: 2,
      anchor: { keyword: 'Firma per presa visione', offsetX: 0, offsetY: 0.02 },
    }),
  );
  d = addArea(d, area({ id: 'area-office', signer: 's-office', page: 3 }));
  d = addArea(
    d,
    area({
      id: 'area-choice',
      kind: 'placeholder',
      placeholder: newPlaceholder('U', { code: 'piano', options: ['Base', 'Plus'] }),
    }),
  );
  d = addArea(
    d,
    area({
      id: 'area-note',
      kind: 'placeholder',
      signer: null,
      placeholder: newPlaceholder('T', {
        code: 'note',
        regex: '^\\d+$',
        regexErrorMessage: 'Solo cifre',
        condition: { area: 'area-choice', operator: 'equals', value: 'Plus', behavior: 'required' },
      }),
    }),
  );
  return {
    ...d,
    copies: [{ id: 'copy-1', email: 'ufficio@example.test' }],
    options: { ...d.options, name: 'Contratto', expiry: 'days', expiryDays: '10' },
  };
}

const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
  upload: () => 'done',
  present: () => true,
  keywordFound: () => true,
  host: 'agente.conti',
  today: '2026-03-01',
  ...over,
});

describe('composer: the creation body', () => {
  it('writes §2.1–2.5: documents by upload name, signers in order with their areas, conditions by number', () => {
    const { body } = creationBody(sampleDraft(), 'agente.conti');
    assert.deepEqual(body.documents, [
      { uploadedFilename: 'u1_contratto.pdf', filename: 'contratto.pdf' },
      { uploadedFilename: 'u2_privacy.pdf', filename: 'privacy.pdf' },
    ]);
    assert.equal(body.signers[0]!.email, 'mario@example.test');
    assert.equal(body.signers[1]!.username, 'agente.conti');
    assert.deepEqual(body.signers[0]!.signatureCoordinates![1], {
      document: 1,
      page: 2,
      anchorKeyword: 'Firma per presa visione',
      width: 0.3,
      height: 0.08,
      offsetY: 0.02,
    });
    assert.deepEqual(body.signers[0]!.placeholders![0]!.autocompleteValuesList, ['Base', 'Plus']);
    // Practice-level first (1: note), then Mario's (2: piano).
    assert.equal(body.placeholders![0]!.cfConditionComparePlaceholder, 2);
    assert.equal(body.placeholders![0]!.cfBehavior, 'required');
    assert.equal(body.expirationDateDays, 10);
    assert.deepEqual(body.destinationContacts, [{ email: 'ufficio@example.test' }]);
  });

  it('an in-person signer carries the host and no invitation', () => {
    const d = sampleDraft();
    const inPerson = { ...d, signers: d.signers.map((s) => (s.id === 's-mario' ? { ...s, inPerson: true } : s)) };
    const s = creationBody(inPerson, 'agente.conti').body.signers[0]!;
    assert.equal(s.hostUsername, 'agente.conti');
    assert.equal(s.sendNotifications, false);
  });

  it('reads back as the same draft (a service draft restored): signers, areas, options, conditions', () => {
    const d = sampleDraft();
    const back = draftFromBody(creationBody(d, 'agente.conti').body, undefined);
    const { fields: _f, body: again } = creationBody(
      { ...back, documents: back.documents.map((x, i) => ({ ...x, pages: d.documents[i]!.pages })) },
      'agente.conti',
    );
    assert.deepEqual(again, creationBody(d, 'agente.conti').body);
  });

  it('the end of a chosen day, with the offset where the user is', () => {
    assert.match(endOfDayIso('2026-04-30')!, /^2026-04-30T23:59:59[+-]\d{2}:\d{2}$/);
    assert.equal(endOfDayIso('2026-02-30'), undefined);
  });

  it('a refusal naming a body path lands on the field it came from', () => {
    const { fields } = creationBody(sampleDraft(), 'agente.conti');
    assert.equal(
      refusedField({ message: 'signers[0].email is not an e-mail address' }, fields),
      'signer:s-mario:email',
    );
    assert.equal(
      refusedField({ message: 'signers[0].hostUsername former is not active' }, fields),
      'signer:s-mario:inPerson',
    );
    assert.equal(
      refusedField({ message: 'signers[0].signatureCoordinates[1].page must be between 1 and 2' }, fields),
      'area:area-anchor',
    );
    assert.equal(
      refusedField({ message: 'placeholders[0].type must be a placeholder type code' }, fields),
      'area:area-note',
    );
    assert.equal(
      refusedField({ message: 'documents[1] is not a valid PDF', code: 'error.file.invalidPdf' }, fields),
      'document:doc-b',
    );
    assert.equal(refusedField({ message: 'name is required', code: 'error.name.missing' }, fields), 'option:name');
    assert.equal(
      refusedField({ message: 'Process type 9 not found', code: 'error.workflowType.notFound' }, fields),
      'type',
    );
    assert.equal(refusedField({ message: 'Something else' }, fields), undefined);
  });

  it('every path the body has maps back to its own field', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), (removed) => {
        let d = sampleDraft();
        const id = ['area-sig', 'area-anchor', 'area-office', 'area-choice', 'area-note'][removed]!;
        d = removeArea(d, id);
        const { fields } = creationBody(d, 'h');
        for (const [path, field] of fields)
          assert.equal(refusedField({ message: `${path} is wrong` }, fields), field, path);
      }),
    );
  });
});

describe('composer: a process type applied', () => {
  const type: ProcessType = {
    idWorkflowType: 301,
    code: 'POLIZZA-AUTO',
    name: 'Polizza auto',
    preloadDocuments: true,
    editSigners: true,
    blockTypePlaceholders: true,
    documents: [
      { idDocument: 903011, filename: 'proposta.pdf', pages: 2, pagesSize: [{ page: 1, width: 595, height: 842 }] },
    ],
    workflowTypesTemplates: [
      {
        order: 0,
        description: 'Contraente',
        action: 'T',
        requireOtp: true,
        signatureCoordinates: [{ document: 0, page: 2, positionX: 0.1, positionY: 0.5, width: 0.3, height: 0.07 }],
        placeholders: [
          { document: 0, page: 1, type: 'F', positionX: 0.3, positionY: 0.3, width: 0.4, height: 0.02, code: 'nome' },
        ],
      },
      { order: 1, description: 'Agente', action: 'P', username: 'agente.conti' },
    ],
    placeholders: [
      { document: 0, page: 1, type: 'T', positionX: 0.3, positionY: 0.2, width: 0.4, height: 0.02, code: 'targa' },
    ],
  };

  it('brings its documents first, its slots editable, its placeholders locked; the body leaves locked ones to the service', () => {
    let d = sampleDraft();
    d = applyType(d, type);
    assert.equal(d.documents[0]!.origin, 'template');
    assert.deepEqual(
      d.signers.map((s) => s.slot?.description ?? s.id),
      ['Contraente', 'Agente', 's-mario', 's-office'],
    );
    const locked = d.areas.filter((a) => a.locked).map((a) => a.placeholder?.code);
    assert.deepEqual(locked.sort(), ['nome', 'targa']);
    const contraente = d.signers[0]!;
    d = {
      ...d,
      signers: d.signers.map((s) =>
        s.id === contraente.id
          ? { ...s, firstName: 'Giulia', lastName: 'Neri', email: 'g@n.test', phone: '3331234567' }
          : s,
      ),
    };
    const { body, fields } = creationBody(d, 'agente.conti');
    assert.equal(body.idWorkflowType, 301);
    assert.equal(body.documents.length, 2, 'the template is the service’s to add');
    assert.equal(body.signers[0]!.email, 'g@n.test');
    assert.deepEqual(body.signers[0]!.placeholders, [], 'blocked placeholders are not sent');
    assert.equal(body.signers[0]!.signatureCoordinates!.length, 1);
    assert.equal(body.signers[2]!.signatureCoordinates![0]!.document, 1, 'document indexes count the template first');
    // A blocked slot's placeholders come first at the service: a body placeholder's index is after them.
    assert.equal(fields.get('signers[2].placeholders[0]'), 'area:area-choice');
    assert.equal(body.placeholders!.length, 1, 'the type’s practice placeholder stays at the service');
    assert.equal(fields.get('placeholders[1]'), 'area:area-note');
  });

  it('removing a signer removes their areas and the conditions on them', () => {
    const d = removeSigner(sampleDraft(), 's-mario');
    assert.ok(!d.areas.some((a) => a.signer === 's-mario'));
    assert.equal(d.areas.find((a) => a.id === 'area-note')!.placeholder!.condition, undefined);
  });
});

describe('composer: checks before sending', () => {
  it('a complete draft has no problem', () => {
    assert.deepEqual(checkPractice(sampleDraft(), ctx()), []);
  });

  it('each missing piece is one problem on its own field', () => {
    const d = sampleDraft();
    const cases: Array<[PracticeDraft, Partial<CheckContext>, string, string]> = [
      [
        { ...d, signers: d.signers.map((s) => (s.id === 's-mario' ? { ...s, email: 'mario' } : s)) },
        {},
        'signer:s-mario:email',
        'problemEmailInvalid',
      ],
      [
        { ...d, signers: d.signers.map((s) => (s.id === 's-mario' ? { ...s, phone: '' } : s)) },
        {},
        'signer:s-mario:phone',
        'problemPhone',
      ],
      [
        { ...d, signers: d.signers.map((s) => (s.id === 's-mario' ? { ...s, inPerson: true } : s)) },
        { host: undefined },
        'signer:s-mario:inPerson',
        'problemInPersonHost',
      ],
      [removeArea(d, 'area-office'), {}, 'signer:s-office:areas', 'problemNoArea'],
      [d, { keywordFound: (id) => id !== 'area-anchor' }, 'area:area-anchor:keyword', 'problemKeywordMissing'],
      [d, { upload: (id) => (id === 'doc-b' ? 'uploading' : 'done') }, 'document:doc-b', 'problemUploading'],
      [{ ...d, options: { ...d.options, name: ' ' } }, {}, 'option:name', 'problemName'],
      [
        { ...d, options: { ...d.options, expiry: 'date', expiryDate: '2026-02-28' } },
        {},
        'option:expiryDate',
        'problemExpiryDate',
      ],
      [{ ...d, copies: [{ id: 'copy-1', email: 'nope' }] }, {}, 'copy:copy-1', 'problemCopyEmail'],
    ];
    for (const [draft, over, field, key] of cases) {
      const problems = checkPractice(draft, ctx(over));
      assert.deepEqual(
        problems.map((p) => [p.field, p.key]),
        [[field, key]],
        key,
      );
    }
  });

  it('knows every placeholder type of §2.5, each once', () => {
    const codes = PLACEHOLDER_KINDS.map((k) => k.code);
    assert.equal(new Set(codes).size, codes.length);
    assert.deepEqual([...codes].sort(), 'TF12CXKDOEJGHSZIRUYABMNPQVL'.split('').sort());
  });
});

describe('composer: the signers of a practice just sent', () => {
  const draftWith = (...signers: Array<Partial<Parameters<typeof newSigner>[0]>>): PracticeDraft =>
    signers.reduce<PracticeDraft>((d, s) => addSigner(d, newSigner(s)), emptyDraft());

  it('names each signer, keeps a link only where the service gave one, and tells who signs here', () => {
    const draft = draftWith(
      { firstName: 'Mario', lastName: 'Rossi', email: 'mario@acme.test', inPerson: true },
      { firstName: 'Laura', lastName: 'Bianchi', email: 'laura@acme.test', requirePassword: true },
    );
    const { signers, passwords } = sentSignersOf(
      {
        idFile: 2001,
        signers: [
          { email: 'mario@acme.test', firstName: 'Mario', lastName: 'Rossi', action: 'S', hostUsername: 'Demo' },
          {
            email: 'laura@acme.test',
            firstName: 'Laura',
            lastName: null,
            action: 'V',
            signingUrl: 'https://sign.example/s/abc',
            password: 'x7Yp2q',
          },
        ],
      },
      draft,
      'demo',
    );
    assert.deepEqual(signers, [
      { email: 'mario@acme.test', name: 'Mario Rossi', action: 'S', inPerson: true },
      {
        email: 'laura@acme.test',
        name: 'Laura',
        action: 'V',
        signingUrl: 'https://sign.example/s/abc',
        inPerson: false,
      },
    ]);
    assert.deepEqual([...passwords], [['laura@acme.test', 'x7Yp2q']]);
  });

  it('never shows a password the user typed themselves, nor one the signer was not asked for (property)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.string({ maxLength: 8 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        (asked, typed, made) => {
          const draft = draftWith({ email: 'a@b.test', requirePassword: asked, password: typed });
          const { passwords } = sentSignersOf(
            { idFile: 1, signers: [{ email: 'a@b.test', action: 'S', password: made }] },
            draft,
            undefined,
          );
          assert.equal(passwords.has('a@b.test'), asked && typed === '');
        },
      ),
    );
  });

  it('after an in-person signer signs, the next one this device hosts is the first in-person signer not done', () => {
    const sent = (email: string, inPerson: boolean): SentSigner => ({ email, name: email, action: 'S', inPerson });
    const signers = [sent('mario@acme.test', true), sent('laura@acme.test', false), sent('anna@acme.test', true)];
    const practice = (...statuses: string[]) => ({
      signers: signers.map((s, i) => ({ email: s.email.toUpperCase(), status: statuses[i]! })),
    });
    assert.equal(nextInPersonSigner(signers, practice('L', 'W', 'W'))?.email, 'mario@acme.test');
    // Mario signed: Anna is next here, even with Laura (remote) still to sign before her.
    assert.equal(nextInPersonSigner(signers, practice('F', 'L', 'W'))?.email, 'anna@acme.test');
    assert.equal(nextInPersonSigner(signers, practice('F', 'F', 'L'))?.email, 'anna@acme.test');
    assert.equal(nextInPersonSigner(signers, practice('F', 'F', 'F')), undefined);
    assert.equal(nextInPersonSigner(signers, practice('F', 'L', 'R')), undefined);
  });

  it('never names a remote signer, nor one already done (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ inPerson: fc.boolean(), status: fc.constantFrom('L', 'W', 'F', 'R') }), { maxLength: 6 }),
        (rows) => {
          const signers = rows.map((r, i): SentSigner => ({
            email: `s${i}@x.test`,
            name: `S${i}`,
            action: 'S',
            inPerson: r.inPerson,
          }));
          const next = nextInPersonSigner(signers, {
            signers: rows.map((r, i) => ({ email: `s${i}@x.test`, status: r.status })),
          });
          const at = next ? signers.indexOf(next) : rows.length;
          if (next) assert.ok(rows[at]!.inPerson && rows[at]!.status !== 'F' && rows[at]!.status !== 'R');
          // Every in-person signer before it is done.
          for (const r of rows.slice(0, at)) assert.ok(!r.inPerson || r.status === 'F' || r.status === 'R');
        },
      ),
    );
  });
});
