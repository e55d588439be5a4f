// The smpp package (0.5) ships no types: the parts Omnigate uses, typed loosely at the edge and
// narrowed by the modules that read PDUs (src/connectors/smpp/pdu-fields.ts).
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  export interface PDU {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): PDU;
  }

  export class Session extends EventEmitter {
    socket: Socket;
    send(pdu: PDU, responseCallback?: (resp: PDU) => void, sendCallback?: (pdu: PDU) => void): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    bind_transceiver(options: Record<string, unknown>, cb?: (resp: PDU) => void): boolean;
    bind_transmitter(options: Record<string, unknown>, cb?: (resp: PDU) => void): boolean;
    bind_receiver(options: Record<string, unknown>, cb?: (resp: PDU) => void): boolean;
    submit_sm(options: Record<string, unknown>, cb?: (resp: PDU) => void): boolean;
    deliver_sm(options: Record<string, unknown>, cb?: (resp: PDU) => void): boolean;
    enquire_link(options?: Record<string, unknown>, cb?: (resp: PDU) => void): boolean;
    unbind(options?: Record<string, unknown>, cb?: (resp: PDU) => void): boolean;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  export const PDU: {
    new (command: string, options?: Record<string, unknown>): PDU;
    fromBuffer(buffer: Buffer): PDU | false;
  };

  export function connect(options: Record<string, unknown>, listener?: () => void): Session;
  export function createServer(listener: (session: Session) => void): Server;
  export function createServer(
    options: Record<string, unknown>,
    listener: (session: Session) => void,
  ): Server;
  export function addTLV(tag: string, options: Record<string, unknown>): void;

  export const ESME_ROK: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RMSGQFUL: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RINVDSTADR: number;
  export const ESME_RSUBMITFAIL: number;
  export const ESME_RSYSERR: number;
}
