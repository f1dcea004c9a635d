import { html, nothing } from 'lit';
import type { ActionCode, ConditionBehavior, ConditionOperator } from '../../../src/services/sign-authoring.js';
import { placeholderKind } from '../../../src/model/sign/composer/placeholder-kinds.js';
import {
  comparablePlaceholders,
  removeArea,
  signerLabel,
  updateArea,
  updatePlaceholder,
  type ComposerArea,
  type PlaceholderCondition,
} from '../../../src/model/sign/composer/practice-draft.js';
import { checkField, fieldId, selectField, textField, type ComposerView } from './view.js';
import { actionKey, actionOptions } from './signers-step.js';
import type { StringKey } from '../strings.js';

const OPERATORS: ConditionOperator[] = ['equals', 'notEquals', 'contains', 'isEmpty', 'isNotEmpty'];
const BEHAVIORS: ConditionBehavior[] = ['show', 'hide', 'required', 'readonly'];

/** An area's kind in words: "Signature", or the placeholder's type. */
export function areaKind(view: ComposerView, a: ComposerArea): string {
  return a.kind === 'signature' ? view.t('toolSignature') : view.t(`ph_${a.placeholder?.type ?? 'T'}` as StringKey);
}

/** Whose the area is, in words. */
export function areaOwner(view: ComposerView, a: ComposerArea): string {
  if (a.signer === null) return view.t('forPractice');
  const s = view.draft.signers.find((x) => x.id === a.signer);
  const n = s ? view.draft.signers.indexOf(s) + 1 : 0;
  return s ? signerLabel(s) || view.t('signerHeading', { n }) : view.t('nobody');
}

/** The selected area's settings: whose it is, its kind of signature, or a field's rules and condition. */
export function renderAreaProperties(view: ComposerView, area: ComposerArea | undefined, done: () => void) {
  const { t } = view;
  if (!area) return html`<p class="muted">${t('propertiesNone')}</p>`;
  const f = (name: string) => `area:${area.id}:${name}`;
  const set = (change: Partial<ComposerArea>) => view.update(updateArea(view.draft, area.id, change));
  const p = area.placeholder;
  const setP = (change: Parameters<typeof updatePlaceholder>[2]) =>
    view.update(updatePlaceholder(view.draft, area.id, change));
  const locked = !!area.locked;
  const owners = [
    ...(area.kind === 'placeholder' ? [{ value: '', label: t('forPractice') }] : []),
    ...view.draft.signers
      .filter((s) => !s.slot || s.slot.editable)
      .map((s) => ({
        value: s.id,
        label: signerLabel(s) || t('signerHeading', { n: view.draft.signers.indexOf(s) + 1 }),
      })),
  ];
  const signer = view.draft.signers.find((s) => s.id === area.signer);
  const head = html`<p class="area-title"><strong>${areaKind(view, area)}</strong> · <span dir="auto">${areaOwner(view, area)}</span></p>
    ${area.anchor ? html`<p class="muted">${t('areaAnchored', { keyword: area.anchor.keyword })}</p>` : nothing}
    ${area.acrofield ? html`<p class="muted">${t('areaOnField', { name: area.acrofield })}</p>` : nothing}`;
  if (locked) return html`${head}<p class="muted">${t('areaLocked')}</p>`;

  const ownerField = selectField(view, {
    field: f('signer'),
    label: t('belongsTo'),
    value: area.signer ?? '',
    options: owners,
    onChange: (v) => set({ signer: v || null }),
  });

  if (area.kind === 'signature') {
    return html`${head}${ownerField}
      ${selectField(view, {
        field: f('signatureType'),
        label: t('signatureKind'),
        value: area.signatureType ?? '',
        options: [
          { value: '', label: t('signatureKindSigner', { kind: signer ? t(actionKey(signer.action)) : '—' }) },
          ...actionOptions(view),
        ],
        onChange: (v) => set({ signatureType: (v || undefined) as ActionCode | undefined }),
      })}
      ${renderRemove(view, area, done)}`;
  }

  if (!p) return head;
  const kind = placeholderKind(p.type);
  const targets = comparablePlaceholders(view.draft, area.id).filter((x) => !x.locked);
  const c = p.condition;
  const setCondition = (change: Partial<PlaceholderCondition>) =>
    setP({ condition: c ? { ...c, ...change } : undefined });
  const needsValue = c && c.operator !== 'isEmpty' && c.operator !== 'isNotEmpty';
  return html`${head}${ownerField}
    ${textField(view, { field: f('code'), label: t('code'), value: p.code, hint: t('codeHint'), dir: 'ltr', onInput: (v) => setP({ code: v }) })}
    ${
      kind.auto
        ? nothing
        : checkField(view, {
            field: f('required'),
            label: t('required'),
            checked: p.required,
            onChange: (on) => setP({ required: on }),
          })
    }
    ${
      kind.auto
        ? nothing
        : checkField(view, {
            field: f('readonly'),
            label: t('readonly'),
            checked: p.readonly,
            onChange: (on) => setP({ readonly: on }),
          })
    }
    ${
      kind.toggle
        ? checkField(view, {
            field: f('defaultValue'),
            label: t('defaultChecked'),
            checked: p.defaultValue === 'true',
            onChange: (on) => setP({ defaultValue: on ? 'true' : '' }),
          })
        : kind.options
          ? html`${textField(view, {
              field: f('options'),
              label: t('options'),
              value: p.options.join('\n'),
              multiline: true,
              onInput: (v) => setP({ options: v.split('\n') }),
            })}
            ${selectField(view, {
              field: f('defaultValue'),
              label: t('defaultValue'),
              value: p.defaultValue,
              options: [
                { value: '', label: '—' },
                ...p.options.filter((o) => o.trim()).map((o) => ({ value: o.trim(), label: o.trim() })),
              ],
              onChange: (v) => setP({ defaultValue: v }),
            })}`
          : kind.radio
            ? html`${textField(view, { field: f('defaultValue'), label: t('radioValue'), value: p.defaultValue, onInput: (v) => setP({ defaultValue: v }) })}
            ${textField(view, {
              field: f('groupId'),
              label: t('radioGroup'),
              value: p.groupId === undefined ? '' : String(p.groupId),
              type: 'number',
              min: '1',
              hint: t('radioGroupHint'),
              onInput: (v) => setP({ groupId: /^\d+$/.test(v) ? Number(v) : undefined }),
            })}`
            : kind.auto
              ? nothing
              : textField(view, {
                  field: f('defaultValue'),
                  label: t('defaultValue'),
                  value: p.defaultValue,
                  type: kind.date ? 'date' : 'text',
                  onInput: (v) => setP({ defaultValue: v }),
                })
    }
    ${
      kind.typed
        ? html`${textField(view, { field: f('regex'), label: t('pattern'), value: p.regex, hint: t('patternHint'), dir: 'ltr', onInput: (v) => setP({ regex: v }) })}
        ${
          p.regex.trim()
            ? textField(view, {
                field: f('regexErrorMessage'),
                label: t('patternMessage'),
                value: p.regexErrorMessage,
                onInput: (v) => setP({ regexErrorMessage: v }),
              })
            : nothing
        }`
        : nothing
    }
    <fieldset class="condition" id=${fieldId(f('condition'))} tabindex="-1">
      <legend>${t('condition')}</legend>
      ${selectField(view, {
        field: f('conditionArea'),
        label: t('conditionWhen'),
        value: c?.area ?? '',
        options: [
          { value: '', label: t('conditionNone') },
          ...targets.map((x) => ({
            value: x.id,
            label: `${x.placeholder?.code || areaKind(view, x)} (${areaOwner(view, x)})`,
          })),
        ],
        onChange: (v) =>
          setP({
            condition: v
              ? { area: v, operator: c?.operator ?? 'equals', value: c?.value ?? '', behavior: c?.behavior ?? 'show' }
              : undefined,
          }),
      })}
      ${
        c
          ? html`${selectField(view, {
              field: f('conditionOperator'),
              label: t('conditionOperator'),
              value: c.operator,
              options: OPERATORS.map((o) => ({ value: o, label: t(`op_${o}`) })),
              onChange: (v) => setCondition({ operator: v as ConditionOperator }),
            })}
            ${
              needsValue
                ? textField(view, {
                    field: f('conditionValue'),
                    label: t('conditionValue'),
                    value: c.value,
                    onInput: (v) => setCondition({ value: v }),
                  })
                : nothing
            }
            ${selectField(view, {
              field: f('conditionBehavior'),
              label: t('conditionBehavior'),
              value: c.behavior,
              options: BEHAVIORS.map((b) => ({ value: b, label: t(`behavior_${b}`) })),
              onChange: (v) => setCondition({ behavior: v as ConditionBehavior }),
            })}`
          : nothing
      }
      ${view.problemAt(f('condition')) ? html`<p class="field-error">${view.problemAt(f('condition'))}</p>` : nothing}
    </fieldset>
    ${renderRemove(view, area, done)}`;
}

function renderRemove(view: ComposerView, area: ComposerArea, done: () => void) {
  return html`<button
    type="button"
    class="button danger"
    @click=${() => {
      view.update(removeArea(view.draft, area.id));
      view.say(view.t('areaRemoved', { area: `${areaKind(view, area)}, ${areaOwner(view, area)}` }));
      done();
    }}
  >
    ${view.t('removeArea')}
  </button>`;
}
