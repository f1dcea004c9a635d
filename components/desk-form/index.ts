// Entry for <sportello-desk-form> and its follow-up view <sportello-desk-request>: importing it defines both.
export { SportelloDeskForm, type DeskPrefill } from './desk-form.js';
export { SportelloDeskRequest } from './desk-request.js';
export type {
  DeskBeforeSubmitDetail,
  DeskRequestCreatedDetail,
  DeskCommentAddedDetail,
  DeskDeflectedDetail,
  DeskRequestUpdatedDetail,
  DeskRequestReopenedDetail,
  DeskRequestRatedDetail,
  DeskAttachmentDownloadDetail,
} from './events.js';
export type { RatingInput } from '../../src/model/desk/follow-model.js';
export type { CreatedRequest, RequestDetail, DeskComment } from '../../src/services/desk.js';
