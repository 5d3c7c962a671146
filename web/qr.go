package web

import (
	"html/template"
	"strings"

	qr "github.com/piglig/go-qr"
)

// The class screen's QR code of the join link: a phone's camera opens the
// table's join page without typing the address or the code. Drawn by
// go-qr (a port of Nayuki's QR Code generator) as an SVG in the page, with
// medium error correction (a projector's blur and a classroom's glare).

// qrSVG is link as an SVG QR code labelled for screen readers, or nothing
// when the link cannot be encoded (a link of thousands of characters).
func qrSVG(link, label string) template.HTML {
	code, err := qr.EncodeText(link, qr.Medium)
	if err != nil {
		return ""
	}
	b, err := code.ToSVGBytes(qr.NewQrCodeImgConfig(1, 4, qr.WithOptimalSVG()))
	if err != nil {
		return ""
	}
	svg := strings.Replace(string(b), "<svg ", `<svg class="qr" role="img" aria-label="`+template.HTMLEscapeString(label)+`" `, 1)
	return template.HTML(svg)
}
