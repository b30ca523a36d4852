/**
 * The size a compressed frame declares in its own headers is read before any decoder allocates for
 * it (server/dicom/codestream-size.ts): an audit's 80 KB JPEG 2000 file whose SIZ said 20000 x 20000
 * took the server to 3.8 GB, and a 64 x 64 JPEG in a 256 x 315 file was scored as a black image.
 */
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { declaredFrame } from '../../server/dicom/codestream-size';
import { encodeJpeg2000, encodeJpegLs, loadCodecs } from '../../server/dicom/codecs';
import { decodeDicom } from '../../server/dicom/decode';
import { writeDicom, type DicomImageInput } from '../../server/dicom/writer';
import { codestreamDeclaring } from '../fixtures/hostile-dicom';
import { viewInput } from '../fixtures/image-input';

const require = createRequire(import.meta.url);

function image(width: number, height: number): DicomImageInput {
  const pixels = new Uint16Array(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 200 + ((i * 37) % 3000);
  return viewInput(pixels, width, height, { seed: 9 });
}

/** The same image as JPEG Lossless (process 14, SV1), through dcmjs-codecs' libjpeg. */
async function jpegLossless(width: number, height: number): Promise<Uint8Array> {
  await loadCodecs();
  const { Transcoder, constants } = require('dcmjs-codecs');
  const bytes = await writeDicom(image(width, height), 'explicit-le');
  const tr = new Transcoder(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  tr.transcode(constants.TransferSyntax.JpegLosslessProcess14V1);
  return new Uint8Array(tr.getDicomPart10());
}

describe('the size a compressed frame declares', () => {
  it('is read from JPEG 2000, JPEG-LS and JPEG headers as the encoders wrote it', async () => {
    await loadCodecs();
    const pixels = image(96, 120).image.pixels;
    expect(declaredFrame(encodeJpeg2000(pixels, 96, 120, 12), 'jpeg2000')).toEqual({ width: 96, height: 120, components: 1, precision: 12, tiles: 1 });
    expect(declaredFrame(encodeJpegLs(pixels, 96, 120, 12), 'jpeg-ls')).toMatchObject({ width: 96, height: 120, components: 1, precision: 12 });
    const jpeg = await jpegLossless(96, 120);
    const soi = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xd8);
    expect(declaredFrame(jpeg.subarray(soi), 'jpeg')).toMatchObject({ width: 96, height: 120, components: 1 });
  });

  it('is null for data that names no size, never a guess', () => {
    expect(declaredFrame(new Uint8Array(0), 'jpeg2000')).toBeNull();
    expect(declaredFrame(new Uint8Array(5000).fill(0xff), 'jpeg2000')).toBeNull();
    expect(declaredFrame(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'jpeg')).toBeNull();
    expect(declaredFrame(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 0, 0]), 'jpeg')).toBeNull();
    expect(declaredFrame(Uint8Array.from([1, 2, 3, 4]), 'jpeg-ls')).toBeNull();
  });

  it('that differs from Rows and Columns is refused before decoding, whatever the encoding', async () => {
    const files = {
      jpeg2000: await writeDicom(image(96, 120), 'jpeg2000'),
      'jpeg-ls': await writeDicom(image(96, 120), 'jpeg-ls'),
      'jpeg lossless': await jpegLossless(96, 120),
    };
    for (const [name, file] of Object.entries(files)) {
      // Before, JPEG 2000 and JPEG-LS decoded 20000 x 20000 first (gigabytes) and JPEG never compared.
      await expect(decodeDicom(codestreamDeclaring(file, 20000, 20000)), name).rejects.toThrow('The compressed image is 20000x20000 but the file says 96x120.');
      await expect(decodeDicom(codestreamDeclaring(file, 64, 64)), name).rejects.toThrow('The compressed image is 64x64 but the file says 96x120.');
      expect((await decodeDicom(file)).width, name).toBe(96);
    }
  });

  it('refuses a JPEG 2000 image cut into more tiles than any mammogram needs (each costs the decoder memory)', async () => {
    const file = codestreamDeclaring(await writeDicom(image(160, 120), 'jpeg2000'), 160, 120, { tileWidth: 1 });
    await expect(decodeDicom(file)).rejects.toThrow(/cut into 19200 tiles/);
  });
});
