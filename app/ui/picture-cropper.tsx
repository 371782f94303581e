import { useCallback, useState } from 'react'
import Cropper, { type Area } from 'react-easy-crop'
import { useT } from '~/i18n/use-t'

/**
 * A page picture's crop (decision 0039): the item's shape (`aspect`), a crop box of 200 px on its longer
 * side by default, zoom 1 to 10; loaded only once a picture is chosen and the script runs. The
 * chosen part, in the picture's own pixels, goes to the form's hidden fields; without JavaScript
 * the server takes the centred part of that shape.
 */
export default function PictureCropper({ src, aspect, onArea }: { src: string; aspect: number; onArea: (area: Area) => void }) {
  const { t } = useT()
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const done = useCallback((_: Area, pixels: Area) => onArea(pixels), [onArea])
  const cropSize = aspect >= 1 ? { width: 200, height: Math.round(200 / aspect) } : { width: Math.round(200 * aspect), height: 200 }
  return (
    <div className="avatar-cropper">
      <div className="crop-area">
        <Cropper image={src} crop={crop} zoom={zoom} minZoom={1} maxZoom={10} aspect={aspect} cropSize={cropSize} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={done} />
      </div>
      <label className="field">
        <span>{t('ebook.cropZoom')}</span>
        <input type="range" min={1} max={10} step={0.1} value={zoom} onChange={(e) => setZoom(Number(e.currentTarget.value))} />
      </label>
    </div>
  )
}
