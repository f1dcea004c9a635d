/** Detail of `sportello-request-selected`: the customer opened one of their requests from the list. */
export interface DeskRequestSelectedDetail {
  idRichiesta: number;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-request-selected': CustomEvent<DeskRequestSelectedDetail>;
  }
}
