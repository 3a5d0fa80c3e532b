#ifndef INKLING_XML_H
#define INKLING_XML_H
/*
 * Inkling's small XML API over libxml2: parse a buffer safely into a flat, owned element list.
 *
 * Deliberately free of libxml2 types and headers: they pull in ICU, whose system headers clash
 * with the ICU module the Swift toolchain's Foundation carries (DESIGN §10), so only
 * inkling_xml.c includes them.
 *
 * Safety: no network (XML_PARSE_NONET), no DTD loading, no entity substitution, and any
 * document type declaration (internal or external subset) is refused before its declarations
 * are read, so entity bombs ("billion laughs") and external entities (SYSTEM "file:…") can
 * neither expand nor be fetched. Nesting is capped at INKLING_XML_MAX_DEPTH and the element
 * count at INKLING_XML_MAX_ELEMENTS.
 */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Deepest element nesting accepted. */
#define INKLING_XML_MAX_DEPTH 128
/* Most elements accepted in one document. */
#define INKLING_XML_MAX_ELEMENTS 1000000

/* One attribute: NUL-terminated UTF-8 local name (prefix dropped, except "xml:") and value. */
typedef struct {
    const char *name;
    const char *value;
} inkling_xml_attribute;

/* One element, in document order. */
typedef struct {
    const char *name;        /* local name, UTF-8, NUL-terminated */
    int parent;              /* index of the parent element, -1 for the root */
    int depth;               /* 0 for the root */
    int line;                /* 1-based source line */
    const char *text;        /* the element's own text and CDATA children, concatenated ("" if none) */
    size_t attribute_start;  /* index of its first attribute in the document's attribute array */
    size_t attribute_count;  /* number of attributes */
} inkling_xml_element;

/* A parsed document; every string lives as long as it does. */
typedef struct {
    inkling_xml_element *elements;
    size_t element_count;
    inkling_xml_attribute *attributes;
    size_t attribute_count;
} inkling_xml_document;

/* Return codes. */
enum {
    INKLING_XML_OK = 0,
    INKLING_XML_ERR_ARGUMENT = -1, /* NULL pointer or input longer than INT32_MAX bytes */
    INKLING_XML_ERR_MEMORY = -2,   /* allocation failed */
    INKLING_XML_ERR_SYNTAX = -3,   /* not well-formed XML; see the message */
    INKLING_XML_ERR_DTD = -4,      /* a document type declaration was present (refused) */
    INKLING_XML_ERR_LIMIT = -5     /* deeper than INKLING_XML_MAX_DEPTH or more elements than allowed */
};

/*
 * Parses `len` bytes of XML. On success stores a new document in *out (free it with
 * inkling_xml_free). On failure *out is NULL and, when `message` is not NULL, a one-line
 * NUL-terminated description ("line 3: Opening and ending tag mismatch: trace and ink") is
 * written into it (at most `message_size` bytes). Thread-safe.
 */
int inkling_xml_parse(const char *bytes, size_t len, inkling_xml_document **out, char *message, size_t message_size);

/* Frees a document returned by inkling_xml_parse (NULL is fine). */
void inkling_xml_free(inkling_xml_document *doc);

#ifdef __cplusplus
}
#endif
#endif
