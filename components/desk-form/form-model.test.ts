import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { findEntry, identify, keyOf, normaliseCatalog, CatalogError } from '../../src/model/desk/catalog.js';
import {
  creationBody,
  emptyValues,
  formFieldForServerField,
  resolveSelection,
  validate,
  type ExtraSection,
} from '../../src/model/desk/form-model.js';
import { readSections, readFieldErrors } from '../../src/services/desk.js';
import { loadDraft, saveDraft, clearDraft } from '../../src/storage/desk-draft.js';

const catalog = normaliseCatalog({
  servizi: [
    {
      id: 1,
      codice: 'IT',
      nome: 'IT',
      assets: [{ id: 10, codice: 'PDL', nome: 'PC', figli: [{ id: 11, codice: 'NB', nome: 'Notebook' }] }],
      tipiRichiesta: [{ id: 100, codice: 'GUASTO', nome: 'Guasto' }],
    },
  ],
  urgenze: [{ codice: 'ALTA', nome: 'Alta' }],
  canali: ['WEB', 'TEL'],
});
const sections: ExtraSection[] = readSections([
  {
    idSezione: 1,
    nome: 'S',
    attributi: [
      {
        idAttributo: 101,
        codice: 'INV',
        nome: 'Inventario',
        tipo: 'TEXT',
        obbligatorio: true,
        maxLunghezza: 5,
        pattern: '^[A-Z]+$',
      },
      { idAttributo: 102, codice: 'N', nome: 'N', tipo: 'NUMBER', obbligatorio: false, min: 1, max: 10 },
      { idAttributo: 103, codice: 'OK', nome: 'OK', tipo: 'CHECKBOX', obbligatorio: true },
    ],
  },
]);

describe('desk form model (pure)', () => {
  it('normalises Italian and English catalogues, bare-string channels and code-only entries', () => {
    expect(catalog.services[0]!.assets[0]!.children[0]!.name).to.equal('Notebook');
    expect(catalog.channels.map((c) => c.code)).to.deep.equal(['WEB', 'TEL']);
    expect(keyOf(catalog.urgencies[0]!)).to.equal('code:ALTA');
    expect(findEntry(catalog.services, 'IT')).to.equal(catalog.services[0]);
    expect(findEntry(catalog.services, 1)).to.equal(catalog.services[0]);
    expect(identify('Urgenza', catalog.urgencies[0])).to.deep.equal({ codUrgenza: 'ALTA' });
    expect(identify('Servizio', catalog.services[0], 'codes')).to.deep.equal({ codServizio: 'IT' });
    expect(() => normaliseCatalog({ services: [{ nome: 'no id' }] })).to.throw(CatalogError);
    expect(() => normaliseCatalog([])).to.throw(CatalogError);
  });

  it('reads the attribute types and flags of attributi-aggiuntivi', () => {
    expect(sections[0]!.attributes.map((a) => a.type)).to.deep.equal(['text', 'number', 'boolean']);
    expect(sections[0]!.attributes[0]).to.include({ required: true, maxLength: 5, pattern: '^[A-Z]+$', key: 'id:101' });
  });

  it('accepts any non-blank subject up to 200 characters and rejects longer ones (property)', () => {
    const values = { ...emptyValues(), servizio: 'id:1', tipoRichiesta: 'id:100' };
    const sel = resolveSelection(catalog, values);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 260 }), (subject) => {
        const errors = validate({ ...values, oggetto: subject }, sel, []);
        const trimmed = subject.trim();
        if (!trimmed) return errors['oggetto']?.code === 'required';
        return trimmed.length > 200 ? errors['oggetto']?.code === 'tooLong' : errors['oggetto'] === undefined;
      }),
    );
  });

  it('validates extra attributes by type, bounds, pattern and required flags (property over numbers)', () => {
    const base = { ...emptyValues(), servizio: 'id:1', tipoRichiesta: 'id:100', oggetto: 'x' };
    const sel = resolveSelection(catalog, base);
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (n) => {
        const errors = validate(
          { ...base, extra: { 'id:101': 'ABC', 'id:103': true, 'id:102': String(n) } },
          sel,
          sections,
        );
        const e = errors['extra.id:102'];
        return n < 1 ? e?.code === 'tooSmall' : n > 10 ? e?.code === 'tooLarge' : e === undefined;
      }),
    );
    const errors = validate({ ...base, extra: { 'id:101': 'abc', 'id:103': false } }, sel, sections);
    expect(errors['extra.id:101']?.code).to.equal('badFormat');
    expect(errors['extra.id:103']?.code).to.equal('required');
  });

  it('rejects a report date in the future and a due date before the report date', () => {
    const base = { ...emptyValues(), servizio: 'id:1', tipoRichiesta: 'id:100', oggetto: 'x' };
    const sel = resolveSelection(catalog, base);
    const now = new Date('2026-03-01T12:00:00');
    expect(
      validate({ ...base, dataSegnalazione: '2026-03-02T12:00' }, sel, [], undefined, now)['dataSegnalazione']?.code,
    ).to.equal('future');
    expect(
      validate(
        { ...base, dataSegnalazione: '2026-02-20T12:00', dataScadenza: '2026-02-19T12:00' },
        sel,
        [],
        undefined,
        now,
      )['dataScadenza']?.code,
    ).to.equal('beforeReport');
  });

  it('builds the creation body with ids or codes, channel default and sections', () => {
    const values = {
      ...emptyValues(),
      servizio: 'id:1',
      assetRoot: 'id:10',
      assetFiglio: 'id:11',
      tipoRichiesta: 'id:100',
      urgenza: 'code:ALTA',
      oggetto: ' Subj ',
      extra: { 'id:101': 'ABC', 'id:103': true },
    };
    const body = creationBody(values, resolveSelection(catalog, values), sections);
    expect(body).to.deep.include({
      idServizio: 1,
      idAssetRoot: 10,
      idAssetFiglio: 11,
      idTipoRichiesta: 100,
      codUrgenza: 'ALTA',
      oggetto: 'Subj',
      codiceCanale: 'WEB',
    });
    expect(body['listaSezioniRichiesta']).to.deep.equal([
      {
        idSezione: 1,
        attributi: [
          { idAttributo: 101, valore: 'ABC' },
          { idAttributo: 103, valore: 'true' },
        ],
      },
    ]);
  });

  it('maps server field names back to form fields', () => {
    expect(formFieldForServerField('codServizio', sections)).to.equal('servizio');
    expect(formFieldForServerField('attributo.102', sections)).to.equal('extra.id:102');
    expect(formFieldForServerField('nomeAllegati', sections)).to.equal('allegati');
    expect(formFieldForServerField('idUtente', sections)).to.equal(undefined);
    expect(readFieldErrors({ fieldErrors: [{ field: 'oggetto', message: 'm' }] })).to.deep.equal([
      { field: 'oggetto', message: 'm', code: undefined },
    ]);
  });

  it('round-trips a draft and ignores a corrupt one', () => {
    const values = { ...emptyValues(), oggetto: 'keep me', extra: { 'id:1': true } };
    saveDraft('unit', { values, attachments: [{ name: 'a.txt', size: 3 }], idUpload: 'u1', pendingKey: 'k1' });
    const back = loadDraft('unit')!;
    expect(back.values.oggetto).to.equal('keep me');
    expect(back.values.extra).to.deep.equal({ 'id:1': true });
    expect(back).to.include({ idUpload: 'u1', pendingKey: 'k1' });
    localStorage.setItem('sportello-desk-draft:unit', '{not json');
    expect(loadDraft('unit')).to.equal(undefined);
    clearDraft('unit');
  });
});
