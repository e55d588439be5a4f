// SMPP 3.4 on the wire for the ESME's hot path. The `smpp` package's generic PDU machinery (field
// tables walked per PDU, filters, GSM decoding of every deliver_sm) cost 35-40% of the gateway's
// CPU at 8k msg/s; these modules do only what the ESME needs, with Buffer methods doing the work.

export {
  type BindCommand,
  CMD,
  type EmptyCommand,
  FrameReader,
  HEADER,
  type Header,
  header,
} from './frames.ts';
export { type DeliverSm, decodeDeliverSm, decodeIdBody } from './wire-decode.ts';
export {
  type BindFields,
  encodeBind,
  encodeDeliverSmResp,
  encodeEmpty,
  encodeSubmitSm,
  type SubmitSmFields,
} from './wire-encode.ts';
