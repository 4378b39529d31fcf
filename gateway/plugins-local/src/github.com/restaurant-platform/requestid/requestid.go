// Package requestid is a Traefik middleware plugin, run by Traefik's Yaegi interpreter from
// gateway/plugins-local/ (a local plugin: nothing is downloaded). It keeps a client's
// X-Request-ID when it is a sane token (printable ASCII, at most MaxLength bytes) and otherwise
// sets a random UUIDv4, before the request reaches the access log's header capture and the
// service. The services echo the header in their responses (the kit's correlation middleware),
// so the plugin does not set a response header itself (that would duplicate the service's).
//
// It also keeps the body of a GET or HEAD from reaching any service: such a request has no
// content (RFC 9110 9.3.1, 9.3.2), and the routers of the hot public reads carry no buffering
// middleware (its cost, gateway/README.md "What the gateway costs"), so this is their body limit:
// zero bytes. The service gets the request without the body; Go's server then reads at most
// 256 KiB of what the client sent and closes the connection.
package requestid

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strings"
)

// Config is the plugin configuration.
type Config struct {
	HeaderName string `json:"headerName,omitempty"`
	MaxLength  int    `json:"maxLength,omitempty"`
}

// CreateConfig creates the default plugin configuration.
func CreateConfig() *Config {
	return &Config{HeaderName: "X-Request-ID", MaxLength: 128}
}

// RequestID is the middleware.
type RequestID struct {
	next   http.Handler
	key    string // the header's canonical name: the request's header map is read and written directly
	maxLen int
}

// New creates the middleware.
func New(ctx context.Context, next http.Handler, config *Config, name string) (http.Handler, error) {
	header := config.HeaderName
	if header == "" {
		header = "X-Request-ID"
	}
	maxLen := config.MaxLength
	if maxLen <= 0 {
		maxLen = 128
	}
	return &RequestID{next: next, key: http.CanonicalHeaderKey(header), maxLen: maxLen}, nil
}

// newID is a random UUIDv4. Yaegi interprets every statement and calls compiled functions through
// reflection, so this makes few calls and few values: one read of random bytes, one hex encoding.
func newID() string {
	b := make([]byte, 16)
	rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// visible is every printable ASCII character but the space (0x21-0x7e).
const visible = "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// valid: a sane token, printable ASCII and at most maxLen bytes. Trimming every visible character
// leaves nothing only when there is no other: one compiled call instead of an interpreted loop.
func valid(id string, maxLen int) bool {
	return id != "" && len(id) <= maxLen && strings.Trim(id, visible) == ""
}

func (m *RequestID) ServeHTTP(rw http.ResponseWriter, req *http.Request) {
	// The first value, kept alone when sane; none or a bad one: replaced by a new id.
	ids := req.Header[m.key]
	if len(ids) == 0 || !valid(ids[0], m.maxLen) {
		req.Header[m.key] = []string{newID()}
	} else if len(ids) > 1 {
		req.Header[m.key] = ids[:1]
	}
	// ContentLength is -1 for a chunked body (no length): both are dropped.
	if req.ContentLength != 0 && (req.Method == http.MethodGet || req.Method == http.MethodHead) {
		req.Body = http.NoBody
		req.ContentLength = 0
		req.TransferEncoding = nil
		req.Header.Del("Content-Length")
	}
	m.next.ServeHTTP(rw, req)
}
