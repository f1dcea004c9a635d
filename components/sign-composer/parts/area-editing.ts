import type { ReactiveControllerHost } from 'lit';
import type { SignComposerController } from '../../../src/controllers/sign/composer-controller.js';
import type { ComposerPdfController } from '../../../src/controllers/sign/composer-pdf.js';
import {
  addArea,
  newId,
  newPlaceholder,
  removeArea,
  updateArea,
  type ComposerArea,
  type ComposerDocument,
} from '../../../src/model/sign/composer/practice-draft.js';
import {
  boxAt,
  fieldBox,
  keepOnPage,
  NEW_FIELD,
  NEW_SIGNATURE,
} from '../../../src/model/sign/composer/area-geometry.js';
import { storedBox } from '../../../src/pdf/geometry.js';
import type { UploadAcrofield } from '../../../src/services/sign-authoring.js';
import { areaKind, areaOwner } from './area-properties.js';
import type { AreasStepHooks, Tool } from './areas-step.js';
import type { AreaEditDetail, EditorArea, PlaceDetail, SignComposerPages } from './page-editor.js';
import type { ComposerView } from './view.js';

export interface AreaEditingOptions {
  host: ReactiveControllerHost;
  view(): ComposerView;
  ctl: SignComposerController;
  pdf: ComposerPdfController;
  pages(): SignComposerPages | null;
  focus(selector: string): void;
}

/**
 * The areas step's own state and actions: which document is shown, what a click or Enter places
 * (the tool), the selected area, keyword anchors and the PDF's form fields. It turns the page
 * editor's reports into changes of the draft and says what happened in words.
 */
export class AreaEditing {
  private documentId: string | undefined;
  private tool: Tool = { kind: 'signature', type: 'T', for: '' };
  private selected: string | undefined;
  private keyword = '';
  private keywordNote: string | undefined;

  constructor(private readonly o: AreaEditingOptions) {}

  /** Forgets the step's state (a new practice). */
  reset(): void {
    this.documentId = undefined;
    this.tool = { kind: 'signature', type: 'T', for: '' };
    this.selected = undefined;
    this.keyword = '';
    this.keywordNote = undefined;
  }

  /** Shows an area: its document, selected (a problem or a refusal about it). */
  reveal(areaId: string): void {
    const area = this.o.ctl.draft.areas.find((a) => a.id === areaId);
    if (!area) return;
    this.documentId = area.document;
    this.selected = area.id;
    this.o.host.requestUpdate();
  }

  private get doc(): ComposerDocument | undefined {
    const docs = this.o.ctl.draft.documents;
    return docs.find((d) => d.id === this.documentId) ?? docs[0];
  }

  /** The signer a new signature goes to: the tool's, else the first whose areas may be placed. */
  private owner(): string | null {
    const signers = this.o.ctl.draft.signers.filter((s) => !s.slot || s.slot.editable);
    if (this.tool.kind === 'placeholder') return signers.some((s) => s.id === this.tool.for) ? this.tool.for : null;
    return signers.find((s) => s.id === this.tool.for)?.id ?? signers[0]?.id ?? null;
  }

  private words(area: ComposerArea): string {
    const view = this.o.view();
    return `${areaKind(view, area)}, ${areaOwner(view, area)}`;
  }

  private newArea(doc: ComposerDocument, page: number, box: ComposerArea['box'], extra: Partial<ComposerArea> = {}) {
    const signer = this.owner();
    const area: ComposerArea = {
      id: newId('area'),
      signer,
      kind: this.tool.kind,
      document: doc.id,
      page,
      box,
      ...(this.tool.kind === 'placeholder' ? { placeholder: newPlaceholder(this.tool.type) } : {}),
      ...extra,
    };
    return area;
  }

  private add(area: ComposerArea, focus = true): void {
    const view = this.o.view();
    view.update(addArea(view.draft, area));
    this.selected = area.id;
    view.say(view.t('areaAdded', { area: this.words(area) }));
    // Once the pages have the new area: the composer renders first, then its page editor.
    if (focus) void this.o.host.updateComplete.then(() => this.o.pages()?.focusArea(area.id));
  }

  private size() {
    return this.tool.kind === 'signature' ? NEW_SIGNATURE : NEW_FIELD;
  }

  private onPlace(doc: ComposerDocument, d: PlaceDetail): void {
    if (this.tool.kind === 'signature' && !this.owner()) return;
    this.add(this.newArea(doc, d.page, storedBox(boxAt(d.point, this.size()), d.rotation)));
  }

  private onEdit(d: AreaEditDetail): void {
    const view = this.o.view();
    // Moved by hand: it sits where it was put now, no longer on its keyword or form field.
    view.update(updateArea(view.draft, d.id, { page: d.page, box: d.box, anchor: undefined, acrofield: undefined }));
    this.o.ctl.keywords.delete(d.id);
  }

  private onRemove(id: string): void {
    const view = this.o.view();
    const area = view.draft.areas.find((a) => a.id === id);
    if (!area || area.locked) return;
    view.update(removeArea(view.draft, id));
    if (this.selected === id) this.selected = undefined;
    view.say(view.t('areaRemoved', { area: this.words(area) }));
    this.o.pages()?.focusPage(area.page);
  }

  private async findKeyword(doc: ComposerDocument): Promise<void> {
    const view = this.o.view();
    const keyword = this.keyword.trim();
    if (!keyword) return;
    const hit = await this.o.pdf.find(keyword);
    if (!hit || this.o.pdf.documentId !== doc.id) {
      this.keywordNote = view.t('keywordNotFound', { keyword });
      this.o.host.requestUpdate();
      return;
    }
    const size = this.size();
    const area = this.newArea(doc, hit.page, keepOnPage({ x: hit.box.x, y: hit.box.y, ...size }), {
      anchor: { keyword, offsetX: 0, offsetY: 0 },
    });
    this.o.ctl.keywords.set(area.id, true);
    this.keywordNote = view.t('keywordFound', { keyword, page: hit.page });
    this.add(area);
  }

  private useField(doc: ComposerDocument, field: UploadAcrofield): void {
    const page = doc.pageSizes[field.page - 1];
    if (!page) return;
    this.add(
      this.newArea(doc, field.page, fieldBox(field, page), {
        kind: 'signature',
        placeholder: undefined,
        acrofield: field.keyword,
        signer:
          this.o.ctl.draft.signers.find((s) => s.id === this.tool.for)?.id ?? this.o.ctl.draft.signers[0]?.id ?? null,
      }),
    );
  }

  /** The areas of `doc` as the page editor draws them: colour, line and number per signer. */
  private editorAreas(doc: ComposerDocument): EditorArea[] {
    const view = this.o.view();
    const signers = view.draft.signers;
    return view.draft.areas
      .filter((a) => a.document === doc.id)
      .map((a) => {
        const index = signers.findIndex((s) => s.id === a.signer);
        return {
          id: a.id,
          page: a.page,
          box: a.box,
          mark: index,
          badge: index < 0 ? 'P' : String(index + 1),
          what: this.words(a),
          locked: !!a.locked,
        };
      });
  }

  /** Everything the areas step renders from and reports to. */
  hooks(): AreasStepHooks {
    const { ctl, pdf, host } = this.o;
    const doc = this.doc;
    if (doc) pdf.show(doc.id, () => ctl.uploads.read(doc));
    else pdf.close();
    return {
      documentId: doc?.id,
      setDocument: (id) => {
        this.documentId = id;
        this.selected = undefined;
        this.keywordNote = undefined;
        host.requestUpdate();
      },
      pdf: pdf.pdf,
      pdfState: pdf.state,
      pdfError: pdf.error,
      retryPdf: () => pdf.retry(),
      tool: this.tool,
      setTool: (change) => {
        this.tool = { ...this.tool, ...change };
        host.requestUpdate();
      },
      selected: this.selected,
      select: (id, focusProperties) => {
        this.selected = id;
        host.requestUpdate();
        if (focusProperties) this.o.focus('#area-properties');
      },
      keyword: this.keyword,
      setKeyword: (value) => {
        this.keyword = value;
        this.keywordNote = undefined;
        host.requestUpdate();
      },
      findKeyword: () => {
        if (doc) void this.findKeyword(doc);
      },
      keywordNote: this.keywordNote,
      useField: (field) => {
        if (doc) this.useField(doc, field);
      },
      editorAreas: doc ? this.editorAreas(doc) : [],
      onPlace: (d) => {
        if (doc) this.onPlace(doc, d);
      },
      onEdit: (d) => this.onEdit(d),
      onRemove: (id) => this.onRemove(id),
      onPages: (pages) => {
        if (doc) ctl.pagesRead(doc.id, pages);
      },
      focusArea: (id) => this.o.pages()?.focusArea(id),
    };
  }
}
